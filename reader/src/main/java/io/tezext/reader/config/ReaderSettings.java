package io.tezext.reader.config;

import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.tezext.reader.open.OpenAheadLimits;
import io.tezext.settings.Key;
import io.tezext.settings.KeySet;
import io.tezext.settings.Scope;
import io.tezext.settings.ScopedSettings;

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

  private static final Key<Integer> READERS_AHEAD_KEY = Key.count(READERS_AHEAD, Scope.TASK, DEFAULT_READERS_AHEAD, 0,
      1_000, "readers opened (or opening) ahead of the one being read; 0 opens each split when the read reaches it");
  private static final Key<Integer> THREADS_KEY = Key.count(THREADS, Scope.TASK, DEFAULT_THREADS, 1, 1_000,
      "threads that open them");
  private static final Key<Long> BYTES_AHEAD_KEY = Key.bytes(BYTES_AHEAD, Scope.TASK, DEFAULT_BYTES_AHEAD, 0,
      Long.MAX_VALUE, "the most split bytes the readers opened ahead may cover together (a split's length is what "
          + "its reader is taken to hold)");

  /** Every key, in the order docs/reader.md lists them. */
  public static final KeySet KEYS = new KeySet(PREFIX, "the reader", "docs/reader.md",
      List.of(READERS_AHEAD_KEY, THREADS_KEY, BYTES_AHEAD_KEY));

  public static final ReaderSettings DEFAULTS =
      new ReaderSettings(DEFAULT_READERS_AHEAD, DEFAULT_THREADS, DEFAULT_BYTES_AHEAD);

  /**
   * The settings in {@code conf}, each key's default where it is not set.
   *
   * @throws IllegalArgumentException naming the key, for a bad value or a key under
   *     {@code tezext.reader.} that is not one of these (a misspelt key must not pass for a setting)
   */
  public static ReaderSettings from(Configuration conf) {
    ScopedSettings task = KEYS.readAt(Scope.TASK, conf);
    return new ReaderSettings(task.get(READERS_AHEAD_KEY), task.get(THREADS_KEY), task.get(BYTES_AHEAD_KEY));
  }

  public OpenAheadLimits limits() {
    return new OpenAheadLimits(readersAhead, bytesAhead);
  }

  /** Whether readers open ahead at all (on threads of their own). */
  public boolean opensAhead() {
    return readersAhead > 0;
  }
}
