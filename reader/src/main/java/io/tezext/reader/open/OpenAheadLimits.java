package io.tezext.reader.open;

/**
 * How far a grouped split's readers open ahead of the one being read.
 *
 * @param readers the most readers opened (or opening) and not yet handed out; 0 opens each split
 *     only when the read reaches it, as Tez does by default
 * @param bytes the most split bytes those readers may cover together; the next split is always
 *     opened when nothing is ahead, however large, so a read never stalls on this bound
 */
public record OpenAheadLimits(int readers, long bytes) {
  public OpenAheadLimits {
    if (readers < 0) {
      throw new IllegalArgumentException("readers ahead must not be negative, not " + readers);
    }
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes ahead must not be negative, not " + bytes);
    }
  }
}
