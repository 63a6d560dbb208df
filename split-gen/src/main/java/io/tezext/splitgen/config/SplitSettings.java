package io.tezext.splitgen.config;

import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.tezext.splitgen.plan.SplitSizes;
import io.tezext.splitgen.predicate.Predicate;
import io.tezext.splitgen.predicate.PredicateParser;

/**
 * Split generation's keys, read and checked from a DAG's (or job's) configuration. A bad value is
 * an error naming the key, the value and what it accepts; a key under {@code tezext.split.} that is
 * not one of these is an error too (a misspelt key must not pass for a setting).
 *
 * @param sizes {@value #MIN_SIZE} (default 16m, or the maximum if that is smaller) and
 *     {@value #MAX_SIZE} (default 256m): a split holds whole stripes of one file, at least the
 *     minimum where the file has it, at most the maximum unless one stripe is larger
 * @param footerThreads {@value #FOOTER_THREADS}: file tails read at once (default 32)
 * @param tailCacheBytes {@value #TAIL_CACHE_BYTES}: memory the AM's cache of file tails may hold
 *     (default 64m; 0 caches nothing)
 * @param tailInSplitBytes {@value #TAIL_IN_SPLIT_BYTES}: the largest file tail a split carries to
 *     its task (default 16k; 0 never), so that the task does not read it again
 * @param predicate {@value #PREDICATE}: stripes whose statistics rule it out are not read (default
 *     none; syntax in {@link PredicateParser})
 * @param predicateInTasks {@value #PREDICATE_IN_TASKS}: tasks also skip the row groups the
 *     predicate rules out (default false: a task returns every row of its stripes)
 * @param skipBadFiles {@value #SKIP_BAD_FILES}: a file that is not readable ORC is left out and
 *     counted instead of failing (default false)
 */
public record SplitSettings(SplitSizes sizes, int footerThreads, long tailCacheBytes, long tailInSplitBytes,
    Predicate predicate, boolean predicateInTasks, boolean skipBadFiles) {
  public static final String PREFIX = "tezext.split.";
  public static final String MIN_SIZE = "tezext.split.min-size";
  public static final String MAX_SIZE = "tezext.split.max-size";
  public static final String FOOTER_THREADS = "tezext.split.footer-threads";
  public static final String TAIL_CACHE_BYTES = "tezext.split.tail-cache.max-bytes";
  public static final String TAIL_IN_SPLIT_BYTES = "tezext.split.tail-in-split.max-bytes";
  public static final String PREDICATE = "tezext.split.predicate";
  public static final String PREDICATE_IN_TASKS = "tezext.split.predicate.in-tasks";
  public static final String SKIP_BAD_FILES = "tezext.split.skip-bad-files";

  /** Every key, in the order docs/split-gen.md lists them. */
  public static final List<String> KEYS = List.of(MIN_SIZE, MAX_SIZE, FOOTER_THREADS, TAIL_CACHE_BYTES,
      TAIL_IN_SPLIT_BYTES, PREDICATE, PREDICATE_IN_TASKS, SKIP_BAD_FILES);

  public static final long DEFAULT_MIN_SIZE = 16L << 20;
  public static final long DEFAULT_MAX_SIZE = 256L << 20;
  public static final int DEFAULT_FOOTER_THREADS = 32;
  public static final long DEFAULT_TAIL_CACHE_BYTES = 64L << 20;
  public static final long DEFAULT_TAIL_IN_SPLIT_BYTES = 16L << 10;

  /**
   * The settings in {@code conf}, each key's default where it is not set.
   *
   * @throws IllegalArgumentException naming the key and what it accepts
   */
  public static SplitSettings from(Configuration conf) {
    for (String key : conf.getPropsWithPrefix(PREFIX).keySet()) {
      if (!KEYS.contains(PREFIX + key)) {
        throw new IllegalArgumentException("unknown key " + PREFIX + key + ": split generation's keys are " + KEYS);
      }
    }
    long max = bytes(conf, MAX_SIZE, DEFAULT_MAX_SIZE, 1);
    long min = bytes(conf, MIN_SIZE, Math.min(DEFAULT_MIN_SIZE, max), 1); // a small maximum lowers the default
    if (max < min) {
      throw new IllegalArgumentException(MAX_SIZE + " (" + max + " bytes) is below " + MIN_SIZE + " (" + min
          + " bytes): expected min <= max");
    }
    String predicate = conf.getTrimmed(PREDICATE, "");
    Predicate parsed;
    try {
      parsed = predicate.isEmpty() ? null : PredicateParser.parse(predicate);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(PREDICATE + ": " + e.getMessage(), e);
    }
    return new SplitSettings(new SplitSizes(min, max), (int) whole(conf, FOOTER_THREADS, DEFAULT_FOOTER_THREADS, 1,
        1024), bytes(conf, TAIL_CACHE_BYTES, DEFAULT_TAIL_CACHE_BYTES, 0),
        bytes(conf, TAIL_IN_SPLIT_BYTES, DEFAULT_TAIL_IN_SPLIT_BYTES, 0), parsed,
        flag(conf, PREDICATE_IN_TASKS), flag(conf, SKIP_BAD_FILES));
  }

  /** The effective settings in one line, for the log. */
  public String summary() {
    return "splits " + sizes.minBytes() + "-" + sizes.maxBytes() + " bytes, " + footerThreads + " footer threads, "
        + "tail cache " + tailCacheBytes + " bytes, tails up to " + tailInSplitBytes + " bytes in splits, predicate "
        + (predicate == null ? "none" : "'" + predicate + "'" + (predicateInTasks ? " (also in tasks)" : ""))
        + (skipBadFiles ? ", bad files skipped" : "");
  }

  private static long whole(Configuration conf, String key, long defaultValue, long min, long max) {
    String text = conf.getTrimmed(key, "");
    if (text.isEmpty()) {
      return defaultValue;
    }
    try {
      long v = Long.parseLong(text);
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(key + " = '" + text + "': expected a whole number from " + min + " to " + max);
  }

  private static long bytes(Configuration conf, String key, long defaultValue, long min) {
    String text = conf.getTrimmed(key, "");
    if (text.isEmpty()) {
      return defaultValue;
    }
    try {
      long v = conf.getLongBytes(key, defaultValue); // Hadoop's k, m, g suffixes, as tez.grouping.* take
      if (v >= min) {
        return v;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new IllegalArgumentException(key + " = '" + text + "': expected a size of at least " + min
        + " bytes (k, m, g suffixes allowed)");
  }

  private static boolean flag(Configuration conf, String key) {
    String text = conf.getTrimmed(key, "");
    if (text.isEmpty() || text.equalsIgnoreCase("false")) {
      return false;
    }
    if (text.equalsIgnoreCase("true")) {
      return true;
    }
    throw new IllegalArgumentException(key + " = '" + text + "': expected true or false");
  }
}
