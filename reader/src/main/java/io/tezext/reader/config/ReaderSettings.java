package io.tezext.reader.config;

import org.apache.hadoop.conf.Configuration;

import io.tezext.reader.open.OpenAheadLimits;

/**
 * The reader's keys, read and checked from a task's configuration. A bad value is an error naming
 * the key, the value and what it accepts; nothing falls back silently.
 *
 * @param readersAhead {@value #READERS_AHEAD}: readers opened ahead of the one being read
 *     (default {@value #DEFAULT_READERS_AHEAD}; 0 opens each split when the read reaches it)
 * @param threads {@value #THREADS}: threads opening them (default {@value #DEFAULT_THREADS})
 * @param bytesAhead {@value #BYTES_AHEAD}: the most split bytes the readers opened ahead may
 *     cover together (default 256 MB): an ORC reader buffers a stripe when it opens
 */
public record ReaderSettings(int readersAhead, int threads, long bytesAhead) {
  public static final String PREFIX = "tezext.reader.";
  public static final String READERS_AHEAD = "tezext.reader.open-ahead";
  public static final String THREADS = "tezext.reader.open-threads";
  public static final String BYTES_AHEAD = "tezext.reader.open-ahead-max-bytes";
  public static final int DEFAULT_READERS_AHEAD = 10;
  public static final int DEFAULT_THREADS = 10;
  public static final long DEFAULT_BYTES_AHEAD = 256L << 20;

  private static final java.util.List<String> KNOWN = java.util.List.of(READERS_AHEAD, THREADS, BYTES_AHEAD);

  public static final ReaderSettings DEFAULTS =
      new ReaderSettings(DEFAULT_READERS_AHEAD, DEFAULT_THREADS, DEFAULT_BYTES_AHEAD);

  /**
   * The settings in {@code conf}, each key's default where it is not set.
   *
   * @throws IllegalArgumentException naming the key, for a bad value or a key under
   *     {@code tezext.reader.} that is not one of these (a misspelt key must not pass for a setting)
   */
  public static ReaderSettings from(Configuration conf) {
    for (String key : conf.getPropsWithPrefix(PREFIX).keySet()) {
      if (!KNOWN.contains(PREFIX + key)) {
        throw new IllegalArgumentException("unknown key " + PREFIX + key + ": the reader's keys are " + KNOWN);
      }
    }
    return new ReaderSettings(
        (int) read(conf, READERS_AHEAD, DEFAULT_READERS_AHEAD, 0, 1_000),
        (int) read(conf, THREADS, DEFAULT_THREADS, 1, 1_000),
        read(conf, BYTES_AHEAD, DEFAULT_BYTES_AHEAD, 0, Long.MAX_VALUE));
  }

  public OpenAheadLimits limits() {
    return new OpenAheadLimits(readersAhead, bytesAhead);
  }

  /** Whether readers open ahead at all (on threads of their own). */
  public boolean opensAhead() {
    return readersAhead > 0;
  }

  private static long read(Configuration conf, String key, long defaultValue, long min, long max) {
    String text = conf.getTrimmed(key);
    if (text == null || text.isEmpty()) {
      return defaultValue;
    }
    long value;
    try {
      // Sizes take Hadoop's suffixes (k, m, g), as Tez's own size keys do.
      value = max == Long.MAX_VALUE ? conf.getLongBytes(key, defaultValue) : Long.parseLong(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(bad(key, text, min, max), e);
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException(bad(key, text, min, max));
    }
    return value;
  }

  private static String bad(String key, String text, long min, long max) {
    return key + " = '" + text + "': expected a whole number from " + min + " to "
        + (max == Long.MAX_VALUE ? "any" : max) + (max == Long.MAX_VALUE ? " (k, m, g suffixes allowed)" : "");
  }
}
