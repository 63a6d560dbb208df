package io.tezext.bench.splitgen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.tez.dag.api.DataSourceDescriptor;
import org.apache.tez.mapreduce.common.MRInputAMSplitGenerator;
import org.apache.tez.mapreduce.input.MRInput;
import org.apache.tez.runtime.api.Event;

import io.tezext.bench.Stopwatch;
import io.tezext.benchkit.AlternatingTiming;
import io.tezext.benchkit.AlternatingTiming.Contender;
import io.tezext.benchkit.AlternatingTiming.Timings;
import io.tezext.benchkit.BenchResult;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.mapred.OrcStripeInputFormat;
import io.tezext.splitgen.tez.OrcSplitInitializer;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench/run splitgen}: the splits of a partitioned table of ORC files, generated as a Tez
 * AM generates them for a root vertex, on a store where every request costs a latency, by every
 * contender given the same threads: ours ({@code OrcSplitInitializer}); one thread reading
 * footers in turn (ours with one footer thread); Hive 4.1.0's {@code OrcInputFormat} with its
 * ETL strategy (in a JVM of its own, hive-exec's class path); orc-core's {@code OrcInputFormat}
 * (byte ranges, no footers) under Tez's {@code MRInputAMSplitGenerator}. Each contender plans a
 * small table first (class loading, pools), then the table, cold (no footer cache), in {@code
 * --repeats} rounds whose order alternates ({@link AlternatingTiming}); the median counts. The
 * one-thread contender is timed after the others (its runs take minutes). The bound is what any
 * planner must pay: the listing's pages, one after another, and one ranged read of each file's
 * tail, spread over the threads, times the latency. The last line is one JSON object.
 */
@Command(name = "splitgen", mixinStandardHelpOptions = true,
    description = "ORC split generation: ours vs one thread, Hive's ETL strategy, orc-core under Tez (docs/benchmarks.md).")
public final class SplitGenBenchmark implements Callable<Integer> {
  @Option(names = "--files", defaultValue = "10000", description = "ORC files in the table (default ${DEFAULT-VALUE}).")
  int files;

  @Option(names = "--partitions", defaultValue = "100", description = "dt= partitions (default ${DEFAULT-VALUE}).")
  int partitions;

  @Option(names = "--rows", defaultValue = "4000", description = "Rows per file (default ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--latency-ms", defaultValue = "20", description = "Latency of each request (default ${DEFAULT-VALUE}).")
  long latencyMs;

  @Option(names = "--threads", defaultValue = "32", description = "Threads, every contender (default ${DEFAULT-VALUE}).")
  int threads;

  @Option(names = "--repeats", defaultValue = "3", description = "Timed runs per contender (default ${DEFAULT-VALUE}).")
  int repeats;

  @Option(names = "--sequential-repeats", defaultValue = "1",
      description = "Timed runs of the one-thread contender (default ${DEFAULT-VALUE}).")
  int sequentialRepeats;

  @Option(names = "--nodes", defaultValue = "40", description = "Cluster nodes, for the waves (default ${DEFAULT-VALUE}).")
  int nodes;

  @Option(names = "--containers-per-node", defaultValue = "16",
      description = "Tasks a node runs at once (default ${DEFAULT-VALUE}).")
  int containersPerNode;

  @Option(names = "--dir", description = "Where the tables are written once and kept (default plugin-bench/target/splitgen-data).")
  Path dir;

  @Option(names = "--no-hive", description = "Leave Hive's contender out.")
  boolean noHive;

  private int runCount;

  public static void main(String[] args) {
    System.exit(new CommandLine(new SplitGenBenchmark()).execute(args));
  }

  /** One contender's timed runs and what its last run planned. */
  private record Runs(List<Double> seconds, double median, long tasks, Map<String, Long> requests,
      Map<String, Object> extra) {
    static Runs of(Timings<Planned> t) {
      return new Runs(t.seconds(), t.median(), t.last().tasks(), t.last().requests(), t.last().extra());
    }

    Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("median_s", BenchResult.round(median, 3));
      m.put("runs_s", seconds.stream().map(v -> BenchResult.round(v, 3)).toList());
      m.put("tasks_or_splits", tasks);
      m.put("requests", requests);
      m.putAll(extra);
      return m;
    }
  }

  /** One planning of the table: the tasks it would start, the store requests it made, what it says of the table. */
  record Planned(long tasks, Map<String, Long> requests, Map<String, Object> extra) {
  }

  /** One run of a contender in the AM: the tasks it would start, and what it says of the table. */
  private record Outcome(long tasks, Map<String, Object> extra) {
  }

  private interface Generator {
    Outcome generate(Configuration conf, String table) throws Exception;
  }

  @Override
  public Integer call() throws Exception {
    if (files < 1 || partitions < 1 || partitions > 336 || rows < 1 || latencyMs < 0 || threads < 1 || repeats < 1
        || sequentialRepeats < 1) {
      throw new IllegalArgumentException("files, rows, threads and repeats must be positive, partitions 1-336");
    }
    Path root = Path.of(System.getProperty("tezext.root", "."));
    Path data = dir != null ? dir : root.resolve("plugin-bench/target/splitgen-data");
    Path table = PartitionedTable.ensure(data, partitions, files, rows);
    Path warmup = PartitionedTable.ensure(data, 10, 100, rows);

    Map<String, Runs> results = new LinkedHashMap<>();
    List<Contender<Planned>> timed = new ArrayList<>(List.of(
        contender("ours", table, warmup, threads, this::ours),
        contender("orc_tez", table, warmup, threads, this::orcUnderTez)));
    try (HiveContender hive = noHive ? null
        : HiveContender.start(root, List.of(jvmFact(root, "jdk17.opens").split(" ")), table, warmup, latencyMs,
            threads)) {
      if (hive != null) {
        timed.add(new Contender<>("hive_etl", hive::ready, hive::plan));
      }
      new AlternatingTiming(Stopwatch::nanos, repeats).time(timed, SplitGenBenchmark::progress)
          .forEach((name, t) -> results.put(name, Runs.of(t)));
    }
    new AlternatingTiming(Stopwatch::nanos, sequentialRepeats)
        .time(List.of(contender("sequential", table, warmup, 1, this::ours)), SplitGenBenchmark::progress)
        .forEach((name, t) -> results.put(name, Runs.of(t)));

    // A listing's pages come one after another; the tails may all be read at once.
    double pages = Math.ceil(files / (double) LatencyFileSystem.LIST_PAGE);
    double bound = (pages + (double) files / threads) * latencyMs / 1000.0;
    double ours = results.get("ours").median();
    double hive = noHive ? Double.NaN : results.get("hive_etl").median();
    Map<String, Object> contenders = new LinkedHashMap<>();
    results.forEach((name, r) -> contenders.put(name, r.json()));
    BenchResult json = BenchResult.of("splitgen")
        .put("files", files)
        .put("partitions", partitions)
        .put("rows_per_file", rows)
        .put("latency_ms", latencyMs)
        .put("threads", threads)
        .put("ours_s", ours, 3)
        .put("sequential_s", results.get("sequential").median(), 3)
        .put("hive_etl_s", hive, 3)
        .put("orc_tez_s", results.get("orc_tez").median(), 3)
        .put("bound_s", bound, 3)
        .ratio("ratio_to_bound", ours, bound, 3)
        .ratio("speedup_vs_sequential", results.get("sequential").median(), ours, 3)
        .ratio("speedup_vs_hive", hive, ours, 3)
        .ratio("speedup_vs_orc_tez", results.get("orc_tez").median(), ours, 3)
        .put("contenders", contenders)
        .put("goals", "ours within 1.5x of the bound, at least 20x faster than sequential, faster than Hive's ETL")
        .put("meets_goals", ours / bound <= 1.5 && results.get("sequential").median() / ours >= 20
            && (noHive || hive > ours));
    for (Map.Entry<String, Runs> e : results.entrySet()) {
      System.out.printf(Locale.ROOT, "%-11s %8.2f s median of %s, %,d tasks/splits, requests %s%n", e.getKey(),
          e.getValue().median(), e.getValue().seconds().stream().map(s -> String.format(Locale.ROOT, "%.2f", s))
              .toList(), e.getValue().tasks(), e.getValue().requests());
    }
    System.out.printf(Locale.ROOT, "bound %.2f s (%d listing pages one after another + %,d tail reads / %d threads, "
        + "x %d ms)%n", bound, (int) pages, files, threads, latencyMs);
    json.print(System.out);
    return 0;
  }

  /** A contender planning the table cold each run, warmed by planning the small table. */
  private Contender<Planned> contender(String name, Path table, Path warmup, int poolThreads, Generator generator) {
    return new Contender<>(name, () -> plan(warmup, poolThreads, generator), () -> plan(table, poolThreads, generator));
  }

  private Planned plan(Path table, int poolThreads, Generator generator) throws Exception {
    String authority = "splitgen-" + (runCount++); // each run's requests are its own
    Outcome outcome = generator.generate(conf(authority, poolThreads), LatencyFileSystem.path(authority, table)
        .toString());
    return new Planned(outcome.tasks(), byKind(LatencyFileSystem.requests(authority)), outcome.extra());
  }

  private static void progress(String contender, int round, double seconds, Planned planned) {
    System.err.printf(Locale.ROOT, "%s run %d: %.2f s%n", contender, round + 1, seconds);
  }

  private Configuration conf(String authority, int poolThreads) {
    Configuration conf = new Configuration();
    LatencyFileSystem.configure(conf, authority, LatencyModel.fixed(latencyMs));
    conf.setInt(SplitSettings.FOOTER_THREADS, poolThreads);
    conf.set(SplitSettings.TAIL_CACHE_BYTES, "0"); // cold: every run reads every tail
    conf.setInt(FileInputFormat.LIST_STATUS_NUM_THREADS, poolThreads);
    conf.setBoolean(FileInputFormat.INPUT_DIR_RECURSIVE, true);
    return conf;
  }

  private Outcome ours(Configuration conf, String table) throws Exception {
    DataSourceDescriptor source = OrcSplitInitializer.configBuilder(conf, OrcStripeInputFormat.class, table).build();
    BenchInitializerContext context =
        new BenchInitializerContext(source.getInputDescriptor().getUserPayload(), nodes, containersPerNode);
    List<Event> events = new OrcSplitInitializer(context).initialize();
    long plannedRows = context.counters().findCounter(OrcSplitInitializer.COUNTER_GROUP, "ROWS").getValue();
    if (plannedRows != (long) rowsOf(table) * fileCountOf(table)) {
      throw new IllegalStateException("ours planned " + plannedRows + " rows of " + table);
    }
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("splits", context.counters().findCounter(OrcSplitInitializer.COUNTER_GROUP, "SPLITS").getValue());
    extra.put("stripes", context.counters().findCounter(OrcSplitInitializer.COUNTER_GROUP, "STRIPES").getValue());
    extra.put("rows", plannedRows);
    return new Outcome(events.size() - 1, extra);
  }

  private Outcome orcUnderTez(Configuration conf, String table) throws Exception {
    DataSourceDescriptor source = MRInput.createConfigBuilder(conf, org.apache.orc.mapred.OrcInputFormat.class, table)
        .groupSplits(true).build();
    BenchInitializerContext context =
        new BenchInitializerContext(source.getInputDescriptor().getUserPayload(), nodes, containersPerNode);
    return new Outcome(new MRInputAMSplitGenerator(context).initialize().size() - 1, Map.of());
  }

  /** Rows per file and files of a table this benchmark wrote, from its directory's name. */
  private int rowsOf(String table) {
    return Integer.parseInt(table.replaceAll(".*-r(\\d+)/?$", "$1"));
  }

  private int fileCountOf(String table) {
    return Integer.parseInt(table.replaceAll(".*-f(\\d+)-r\\d+/?$", "$1"));
  }

  private static String jvmFact(Path root, String key) throws IOException {
    for (String line : Files.readAllLines(root.resolve("build/jvm.properties"))) {
      if (line.startsWith(key + "=")) {
        return line.substring(key.length() + 1).trim();
      }
    }
    throw new IOException("build/jvm.properties has no " + key);
  }

  private static Map<String, Long> byKind(Requests requests) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (Requests.Kind kind : Requests.Kind.values()) {
      m.put(kind.name().toLowerCase(Locale.ROOT), requests.of(kind));
    }
    return m;
  }
}
