package io.tezext.splitgen.config;

import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.tezext.settings.Key;
import io.tezext.settings.KeySet;
import io.tezext.settings.Scope;
import io.tezext.settings.ScopedSettings;

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

  public static final long DEFAULT_MIN_SIZE = 16L << 20;
  public static final long DEFAULT_MAX_SIZE = 256L << 20;
  public static final int DEFAULT_FOOTER_THREADS = 32;
  public static final long DEFAULT_TAIL_CACHE_BYTES = 64L << 20;
  public static final long DEFAULT_TAIL_IN_SPLIT_BYTES = 16L << 10;

  private static final Key<Long> MIN_SIZE_KEY = Key.bytes(MIN_SIZE, Scope.DAG, DEFAULT_MIN_SIZE, 1, Long.MAX_VALUE,
      "a split closes at an HDFS block edge only once it holds this much; unset, the maximum if that is smaller");
  private static final Key<Long> MAX_SIZE_KEY = Key.bytes(MAX_SIZE, Scope.DAG, DEFAULT_MAX_SIZE, 1, Long.MAX_VALUE,
      "a split never passes this, unless one stripe is larger (that stripe is a split of its own)");
  private static final Key<Integer> FOOTER_THREADS_KEY = Key.count(FOOTER_THREADS, Scope.DAG, DEFAULT_FOOTER_THREADS,
      1, 1024, "file tails read at once (and input paths listed at once)");
  private static final Key<Long> TAIL_CACHE_KEY = Key.bytes(TAIL_CACHE_BYTES, Scope.DAG, DEFAULT_TAIL_CACHE_BYTES, 0,
      Long.MAX_VALUE, "memory the JVM's cache of file tails may hold (the AM's, shared by a session's DAGs); 0 caches "
          + "nothing");
  private static final Key<Long> TAIL_IN_SPLIT_KEY = Key.bytes(TAIL_IN_SPLIT_BYTES, Scope.DAG,
      DEFAULT_TAIL_IN_SPLIT_BYTES, 0, Long.MAX_VALUE, "the largest file tail a split carries to its task; 0 never "
          + "(files with encrypted columns never). The AM holds every split until its task takes it: a tail of a few "
          + "KB in each of 100,000 splits is a few hundred MB of AM heap, so lower this for very large scans");
  private static final Key<Predicate> PREDICATE_KEY = Key.of(PREDICATE, Scope.DAG, null, "none",
      "a predicate on columns (docs/split-gen.md#predicates)", "stripes whose statistics rule it out are not read",
      PredicateParser::parse);
  private static final Key<Boolean> PREDICATE_IN_TASKS_KEY = Key.flag(PREDICATE_IN_TASKS, Scope.DAG, false,
      "tasks also skip the row groups the predicate rules out (rows then differ from the planned count)");
  private static final Key<Boolean> SKIP_BAD_FILES_KEY = Key.flag(SKIP_BAD_FILES, Scope.DAG, false,
      "a file that is not readable ORC is left out and counted (`FILES_SKIPPED`, logged by name) instead of "
          + "failing; a file that cannot be reached (a timeout, a permission) still fails");

  /** Every key, in the order docs/split-gen.md lists them. */
  public static final KeySet KEYS = new KeySet(PREFIX, "split generation", "docs/split-gen.md", List.of(MIN_SIZE_KEY,
      MAX_SIZE_KEY, FOOTER_THREADS_KEY, TAIL_CACHE_KEY, TAIL_IN_SPLIT_KEY, PREDICATE_KEY, PREDICATE_IN_TASKS_KEY,
      SKIP_BAD_FILES_KEY));

  /**
   * The settings in {@code conf}, each key's default where it is not set.
   *
   * @throws IllegalArgumentException naming the key and what it accepts
   */
  public static SplitSettings from(Configuration conf) {
    ScopedSettings dag = KEYS.readAt(Scope.DAG, conf);
    long max = dag.get(MAX_SIZE_KEY);
    // A small maximum lowers the minimum's default.
    long min = dag.isSet(MIN_SIZE_KEY) ? dag.get(MIN_SIZE_KEY) : Math.min(DEFAULT_MIN_SIZE, max);
    if (max < min) {
      throw new IllegalArgumentException(MAX_SIZE + " (" + max + " bytes) is below " + MIN_SIZE + " (" + min
          + " bytes): expected min <= max");
    }
    return new SplitSettings(new SplitSizes(min, max), dag.get(FOOTER_THREADS_KEY), dag.get(TAIL_CACHE_KEY),
        dag.get(TAIL_IN_SPLIT_KEY), dag.get(PREDICATE_KEY), dag.get(PREDICATE_IN_TASKS_KEY),
        dag.get(SKIP_BAD_FILES_KEY));
  }

  /** The effective settings in one line, for the log. */
  public String summary() {
    return "splits " + sizes.minBytes() + "-" + sizes.maxBytes() + " bytes, " + footerThreads + " footer threads, "
        + "tail cache " + tailCacheBytes + " bytes, tails up to " + tailInSplitBytes + " bytes in splits, predicate "
        + (predicate == null ? "none" : "'" + predicate + "'" + (predicateInTasks ? " (also in tasks)" : ""))
        + (skipBadFiles ? ", bad files skipped" : "");
  }
}
