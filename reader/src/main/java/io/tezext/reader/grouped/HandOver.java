package io.tezext.reader.grouped;

import java.io.IOException;

/**
 * What happens to a split's reader when the read reaches it, on the reading thread, before its
 * first record: where a reader opened ahead must still be told it is now the one read (Hive's
 * record readers set their input's shared context when they open; the context must name the split
 * being read, not the last one opened).
 */
@FunctionalInterface
public interface HandOver<R> {
  /** Nothing: the reader is read as it was opened. */
  static <R> HandOver<R> none() {
    return (split, reader) -> {
    };
  }

  /**
   * @param split the split's index in its group
   * @throws IOException to fail the read, naming the split
   */
  void handOver(int split, R reader) throws IOException;
}
