package io.tezext.splitgen.split;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.orc.OrcFile;

import io.tezext.splitgen.BadInputException;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.orc.FilePredicate;
import io.tezext.splitgen.orc.FooterReads;
import io.tezext.splitgen.orc.StripeElimination;
import io.tezext.splitgen.orc.TailCache;
import io.tezext.splitgen.plan.PlannedFile;
import io.tezext.splitgen.plan.PlannedSplit;
import io.tezext.splitgen.plan.SplitPlanner;
import io.tezext.splitgen.predicate.SearchArguments;

/**
 * Generates the stripe splits of a table from a configuration ({@link SplitSettings}): what the Tez
 * initializer, both input formats and {@code bin/tezext-splits} all run, so they plan alike. Tails
 * are read on a pool of the configured size, made for the one planning and stopped after it, and
 * cached in the JVM's shared tail cache.
 */
public final class StripeSplitGenerator {
  /**
   * The splits, in file order, the plan they came from (what was read, left out, eliminated), the
   * predicate's columns that no file had (a misspelt name eliminates nothing: worth a warning), those
   * some files lack with how many lack each (their stripes are all kept), and the settings planned
   * with.
   */
  public record Result(List<StripeSplit> splits, SplitPlanner.Plan plan, List<String> unresolvedColumns,
      Map<String, Long> columnsMissingFromSomeFiles, SplitSettings settings) {
    /**
     * What planning read, left out and eliminated, by counter name: the counters an initializer
     * publishes for its vertex, and a Hive scan's splits carry to its tasks.
     */
    public Map<String, Long> counts() {
      Map<String, Long> counts = new LinkedHashMap<>();
      counts.put("FILES", (long) plan.files().size());
      counts.put("FILES_SKIPPED", (long) plan.skipped().size());
      counts.put("STRIPES", plan.stripes());
      counts.put("STRIPES_ELIMINATED", plan.stripesEliminated());
      counts.put("SPLITS", (long) splits.size());
      counts.put("ROWS", plan.rows());
      counts.put("PREDICATE_COLUMNS_UNRESOLVED", (long) unresolvedColumns.size());
      counts.put("PREDICATE_COLUMNS_MISSING_FROM_SOME_FILES", (long) columnsMissingFromSomeFiles.size());
      return counts;
    }
  }

  private StripeSplitGenerator() {
  }

  /** Plans with the settings in {@code conf}, its {@code tezext.split.predicate} among them. */
  public static Result generate(List<Path> roots, Configuration conf) throws IOException {
    SplitSettings settings = SplitSettings.from(conf);
    FilePredicate predicate = settings.predicate() == null ? null : new SearchArguments(settings.predicate());
    return generate(roots, conf, settings, predicate);
  }

  /**
   * Plans with {@code settings}, its stripes judged by {@code predicate} (null for none) rather than
   * by the settings' own: what a query engine that pushes its own predicate calls.
   */
  public static Result generate(List<Path> roots, Configuration conf, SplitSettings settings,
      FilePredicate predicate) throws IOException {
    if (roots.isEmpty()) {
      throw new BadInputException("no input paths: name the table's directories or files ("
          + "mapreduce.input.fileinputformat.inputdir)");
    }
    ExecutorService pool = Executors.newFixedThreadPool(settings.footerThreads(), daemonThreads());
    try {
      StripeElimination elimination = predicate == null ? null
          : new StripeElimination(predicate, OrcFile.readerOptions(conf).getUseUTCTimestamp());
      SplitPlanner planner = new SplitPlanner(pool,
          new FooterReads(pool, TailCache.shared(settings.tailCacheBytes()), conf), settings.sizes(), elimination,
          conf);
      SplitPlanner.Plan plan = planner.plan(roots, settings.skipBadFiles());
      List<StripeSplit> splits = new ArrayList<>();
      for (PlannedFile file : plan.files()) {
        for (PlannedSplit split : file.splits()) {
          splits.add(new StripeSplit(split, file.tail(), settings.tailInSplitBytes()));
        }
      }
      return new Result(splits, plan, elimination == null ? List.of() : elimination.unresolvedColumns(),
          elimination == null ? Map.of() : elimination.columnsMissingFromSomeFiles(), settings);
    } finally {
      pool.shutdownNow();
    }
  }

  private static ThreadFactory daemonThreads() {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "tezext-orc-tails-" + n.incrementAndGet());
      t.setDaemon(true); // an AM or a command never waits on a planning's stray read to exit
      return t;
    };
  }
}
