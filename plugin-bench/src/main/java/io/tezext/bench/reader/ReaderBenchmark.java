package io.tezext.bench.reader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;

import io.tezext.bench.Stopwatch;
import io.tezext.bench.reader.GroupedRead.Contender;
import io.tezext.benchkit.AlternatingTiming;
import io.tezext.benchkit.BenchResult;
import io.tezext.reader.mapred.OrderedGroupedInputFormat;
import io.tezext.reader.mapred.OrderedGroupedRecordReader;
import io.tezext.testkit.orc.OrcTestFiles;
import io.tezext.testkit.stress.GroupedReadStress;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench/run reader}: a grouped split of small ORC files on a store where every request
 * costs a latency, read by ours, by Tez's grouped reader as it runs by default (one split after
 * another) and by Tez's async mode with the same K and threads, in rounds whose order alternates
 * ({@link AlternatingTiming}). Only reads whose row count is right are timed. Then the seeded
 * stress runs: ours (every one must pass) and Tez's async mode (its failure rates by K). The last
 * line is one JSON object.
 */
@Command(name = "reader", mixinStandardHelpOptions = true,
    description = "Ordered open-ahead reader vs Tez's grouped reader, sequential and async (docs/benchmarks.md).")
public final class ReaderBenchmark implements Callable<Integer> {
  @Option(names = "--files", defaultValue = "50", description = "ORC files in the grouped split (default ${DEFAULT-VALUE}).")
  int files;

  @Option(names = "--rows", defaultValue = "20000", description = "Rows per file (default ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--latency-ms", defaultValue = "20", description = "Latency of each request (default ${DEFAULT-VALUE}).")
  long latencyMs;

  @Option(names = "--k", defaultValue = "10", description = "Readers opened ahead, ours and Tez's (default ${DEFAULT-VALUE}).")
  int k;

  @Option(names = "--threads", defaultValue = "10", description = "Opening threads (default ${DEFAULT-VALUE}).")
  int threads;

  @Option(names = "--repeats", defaultValue = "5", description = "Timed reads per contender (default ${DEFAULT-VALUE}).")
  int repeats;

  @Option(names = "--stress", defaultValue = "10000", description = "Seeded stress runs of ours (default ${DEFAULT-VALUE}).")
  int stressRuns;

  @Option(names = "--tez-stress", defaultValue = "2000",
      description = "Seeded stress runs of Tez's async mode (default ${DEFAULT-VALUE}).")
  int tezStressRuns;

  @Option(names = "--dir", description = "Where to write the files (default: a new temporary directory).")
  Path dir;

  public static void main(String[] args) {
    System.exit(new CommandLine(new ReaderBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (files < 1 || rows < 1 || latencyMs < 0 || k < 1 || threads < 1 || repeats < 1 || stressRuns < 0
        || tezStressRuns < 0) {
      throw new CommandLine.ParameterException(new CommandLine(this),
          "--files, --rows, --k, --threads and --repeats must be at least 1; the others at least 0");
    }
    Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("tezext-reader-bench");
    List<Path> orc = OrcTestFiles.write(work, files, rows);
    long expectedRows = (long) files * rows;
    System.out.printf(Locale.ROOT, "%d ORC files of %d rows in %s, %d ms per request, K %d, %d threads%n", files,
        rows, work, latencyMs, k, threads);

    long[] calls = GroupedRead.callsPerOpenAndRead(orc.get(0));
    GroupedRead.read(Contender.TEZ_SEQUENTIAL, orc, 0, k, threads); // warm-up: classes, JIT, page cache
    List<Double> cpuRead = new ArrayList<>();
    for (int i = 0; i < repeats; i++) {
      cpuRead.add(GroupedRead.read(Contender.TEZ_SEQUENTIAL, orc, 0, k, threads).seconds());
    }
    double readS = median(cpuRead);
    double boundS = (double) files * calls[0] * latencyMs / 1000.0 / Math.min(k, threads)
        + (double) files * calls[1] * latencyMs / 1000.0 + readS;

    // Each contender warms on a read without latency, then the rounds alternate their order.
    List<AlternatingTiming.Contender<GroupedRead.Result>> contenders = new ArrayList<>();
    for (Contender who : Contender.values()) {
      contenders.add(new AlternatingTiming.Contender<>(who.name(), () -> GroupedRead.read(who, orc, 0, k, threads),
          () -> GroupedRead.read(who, orc, latencyMs, k, threads)));
    }
    Map<Contender, List<Double>> times = new EnumMap<>(Contender.class);
    Map<Contender, Integer> wrongReads = new EnumMap<>(Contender.class);
    Map<Contender, Integer> leakedStreams = new EnumMap<>(Contender.class);
    Map<Contender, Long> peakStreams = new EnumMap<>(Contender.class);
    new AlternatingTiming(Stopwatch::nanos, repeats).time(contenders, (name, round, seconds, r) -> {
      Contender who = r.who();
      leakedStreams.merge(who, r.streamsLeftOpen(), Integer::sum);
      peakStreams.merge(who, r.peakOpenStreams(), Math::max);
      if (r.rows() == expectedRows) {
        times.computeIfAbsent(who, w -> new ArrayList<>()).add(seconds);
      } else {
        wrongReads.merge(who, 1, Integer::sum);
      }
      System.out.printf(Locale.ROOT, "  %-15s %7.3f s  %d rows, at most %d streams open%s%n", who, seconds,
          r.rows(), r.peakOpenStreams(), r.rows() == expectedRows ? "" : " (wrong: not timed)");
    });

    StressCounts ours = stress(stressRuns, OURS, work.resolve("stress-ours"));
    StressCounts tez = stress(tezStressRuns, TEZ, work.resolve("stress-tez"));
    System.out.printf(Locale.ROOT, "stress: ours %d runs, %d failed; Tez async %d runs: %d out of order, "
        + "%d skipped a split, %d left streams open, %d reported a failure wrongly%n", ours.runs, ours.failed,
        tez.runs, tez.outOfOrder, tez.skipped, tez.leaked, tez.failureWrong);
    ours.failures.forEach(f -> System.out.println("stress: ours failed: " + f));

    double oursS = median(times.get(Contender.OURS));
    double sequentialS = median(times.get(Contender.TEZ_SEQUENTIAL));
    double tezAsyncS = median(times.get(Contender.TEZ_ASYNC));
    boolean meets = oursS * 5 <= sequentialS && oursS <= 1.2 * boundS && oursS <= tezAsyncS && ours.failed == 0;
    BenchResult.of("reader")
        .put("files", files)
        .put("rows_total", expectedRows)
        .put("latency_ms", latencyMs)
        .put("k", k)
        .put("threads", threads)
        .put("calls_per_open", calls[0])
        .put("calls_per_read_after_open", calls[1])
        .put("ours_s", oursS, 3)
        .put("sequential_s", sequentialS, 3)
        .put("tez_async_s", tezAsyncS, 3)
        .put("read_s", readS, 3)
        .put("bound_s", boundS, 3)
        .ratio("ratio_to_bound", oursS, boundS, 3)
        .ratio("speedup_vs_sequential", sequentialS, oursS, 3)
        .ratio("speedup_vs_tez_async", tezAsyncS, oursS, 3)
        .put("timed_reads", Map.of("ours", size(times.get(Contender.OURS)), "sequential",
            size(times.get(Contender.TEZ_SEQUENTIAL)), "tez_async", size(times.get(Contender.TEZ_ASYNC))))
        .put("wrong_reads", Map.of("ours", wrongReads.getOrDefault(Contender.OURS, 0), "sequential",
            wrongReads.getOrDefault(Contender.TEZ_SEQUENTIAL, 0), "tez_async",
            wrongReads.getOrDefault(Contender.TEZ_ASYNC, 0)))
        .put("streams_left_open", Map.of("ours", leakedStreams.getOrDefault(Contender.OURS, 0), "sequential",
            leakedStreams.getOrDefault(Contender.TEZ_SEQUENTIAL, 0), "tez_async",
            leakedStreams.getOrDefault(Contender.TEZ_ASYNC, 0)))
        .put("peak_open_streams", Map.of("ours", peakStreams.getOrDefault(Contender.OURS, 0L), "sequential",
            peakStreams.getOrDefault(Contender.TEZ_SEQUENTIAL, 0L), "tez_async",
            peakStreams.getOrDefault(Contender.TEZ_ASYNC, 0L)))
        .put("stress_runs", ours.runs)
        .put("stress_failures", ours.failed)
        .put("stress_failed_runs", ours.failures)
        .put("tez_async_stress", tez.toJson())
        .put("goals", "ours at least 5x faster than sequential, within 1.2x of the bound, "
            + "no slower than Tez's async mode, no stress failure")
        .put("meets_goals", meets)
        .print(System.out);
    return 0;
  }

  private static final GroupedReadStress.ReaderFactory OURS = new GroupedReadStress.ReaderFactory() {
    @Override
    public RecordReader<LongWritable, Text> open(TezGroupedSplit group, JobConf job, GroupedReadStress.Case c)
        throws IOException {
      job.setInt("tezext.reader.open-ahead", c.readersAhead());
      job.setInt("tezext.reader.open-threads", c.threads());
      return new OrderedGroupedInputFormat<LongWritable, Text>().getRecordReader(group, job, Reporter.NULL);
    }

    @Override
    public boolean quietAfterClose(RecordReader<LongWritable, Text> reader) throws InterruptedException {
      return ((OrderedGroupedRecordReader<LongWritable, Text>) reader).awaitQuiet(10_000);
    }
  };

  /** Tez's async mode; a K below 2 would be its sequential mode, so those cases run with K 2. */
  private static final GroupedReadStress.ReaderFactory TEZ = (group, job, c) -> GroupedReadStress.tez(group, job,
      new GroupedReadStress.Case(c.seed(), c.files(), Math.max(2, c.readersAhead()), c.threads(), c.failingSplit(),
          c.stopAfter()));

  /** What the stress runs of one reader found. */
  private static final class StressCounts {
    int runs;
    int failed;
    /** Each failed run of ours: its seed and what went wrong, so that a rare failure can be replayed. */
    final List<String> failures = new ArrayList<>();
    int outOfOrder;
    int skipped;
    int leaked;
    int failureWrong;
    final Map<Integer, int[]> byK = new TreeMap<>(); // K -> runs, out of order, skipped, leaked

    void add(GroupedReadStress.Outcome o) {
      runs++;
      failed += o.ok() ? 0 : 1;
      if (!o.ok()) {
        failures.add(o.toString());
      }
      outOfOrder += o.outOfOrder() ? 1 : 0;
      skipped += o.splitSkipped() ? 1 : 0;
      leaked += o.leakedStreams() > 0 ? 1 : 0;
      failureWrong += o.failureWrong() ? 1 : 0;
      int[] k = byK.computeIfAbsent(Math.max(2, o.c().readersAhead()), x -> new int[4]);
      k[0]++;
      k[1] += o.outOfOrder() ? 1 : 0;
      k[2] += o.splitSkipped() ? 1 : 0;
      k[3] += o.leakedStreams() > 0 ? 1 : 0;
    }

    Map<String, Object> toJson() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("runs", runs);
      json.put("out_of_order", outOfOrder);
      json.put("skipped_split", skipped);
      json.put("left_streams_open", leaked);
      json.put("failure_reported_wrongly", failureWrong);
      Map<String, Object> perK = new LinkedHashMap<>();
      byK.forEach((kk, v) -> perK.put(String.valueOf(kk), Map.of("runs", v[0], "out_of_order", v[1],
          "skipped_split", v[2], "left_streams_open", v[3])));
      json.put("by_k", perK);
      return json;
    }
  }

  private static StressCounts stress(int runs, GroupedReadStress.ReaderFactory factory, Path dir) throws Exception {
    StressCounts counts = new StressCounts();
    Files.createDirectories(dir);
    for (long seed = 1; seed <= runs; seed++) {
      Path runDir = Files.createDirectories(dir.resolve("run-" + seed));
      counts.add(GroupedReadStress.run(runDir, seed, factory));
      try (var list = Files.list(runDir)) {
        for (Path p : (Iterable<Path>) list::iterator) {
          Files.delete(p);
        }
      }
      Files.delete(runDir);
    }
    return counts;
  }

  private static double median(List<Double> values) {
    if (values == null || values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Comparator.naturalOrder());
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static int size(List<Double> values) {
    return values == null ? 0 : values.size();
  }
}
