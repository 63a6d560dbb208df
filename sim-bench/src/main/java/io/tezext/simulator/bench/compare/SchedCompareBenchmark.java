package io.tezext.simulator.bench.compare;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.tezext.benchkit.BenchResult;
import io.tezext.simulator.bench.compare.ComparisonRuns.Job;
import io.tezext.simulator.bench.compare.ComparisonRuns.Outcome;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.json.WorkloadJson;

/**
 * {@code bench/run sched-compare}: tezext's scheduler against Tez's DagAwareYarnTaskScheduler on the
 * named situations of {@link ComparisonScenarios}, in three steps.
 *
 * <ol>
 *   <li>Tune: each scheduler's candidate settings ({@link #DAGAWARE_CANDIDATES},
 *       {@link #TEZEXT_CANDIDATES}, the same number each, the first being the defaults) run on the
 *       tuning seeds; a candidate's score is the geometric mean, over scenarios and seeds, of its mean
 *       DAG time over DagAware's with Tez's defaults. The best DagAware candidate becomes
 *       "dagaware-tuned". Ours is reported with its defaults, whatever the search finds: the JSON says
 *       whether they are its best candidate.</li>
 *   <li>Report: on other seeds, DagAware with defaults, DagAware tuned, and ours.</li>
 *   <li>Penalties: the HDFS scenarios again with the simulator's rack-local and off-switch penalties
 *       halved and doubled (they are not calibrated against a multi-host run), to show how much the
 *       locality results rest on them.</li>
 * </ol>
 * The last line is one JSON object with every figure.
 */
@Command(name = "sched-compare", mixinStandardHelpOptions = true,
    description = "Compare tezext's scheduler with Tez's DagAware on named scenarios (docs/benchmarks.md).")
public final class SchedCompareBenchmark implements Callable<Integer> {
  /**
   * DagAware's search space: Tez's keys for reuse locality, idle release and preemption. The idle
   * release is searched at 1 s (the simulator runs DagAware with max = min), alone and with the
   * non-local fallback, and at 0.5 s with it (ours' crowded and unneeded releases, and its idle release
   * before 2026-11-28), so that a short idle release is never a lead "tuned" DagAware lacks.
   */
  static final List<String> DAGAWARE_CANDIDATES = List.of(
      "dagaware",
      "dagaware(tez.am.container.reuse.locality.delay-allocation-millis=0)",
      "dagaware(tez.am.container.reuse.locality.delay-allocation-millis=1000)",
      "dagaware(tez.am.container.reuse.non-local-fallback.enabled=true)",
      "dagaware(tez.am.container.idle.release-timeout-min.millis=1000)",
      "dagaware(tez.am.container.reuse.non-local-fallback.enabled=true;"
          + "tez.am.container.idle.release-timeout-min.millis=1000)",
      "dagaware(tez.am.container.reuse.non-local-fallback.enabled=true;"
          + "tez.am.container.idle.release-timeout-min.millis=500)",
      "dagaware(tez.am.preemption.percentage=30;tez.am.preemption.heartbeats-between-preemptions=1)",
      "dagaware(tez.am.preemption.max.wait-time-ms=10000)");

  /** Ours: the same number of candidates around its defaults. */
  static final List<String> TEZEXT_CANDIDATES = List.of(
      "tezext",
      "tezext(tezext.scheduler.locality.node-wait-ms=100;tezext.scheduler.locality.rack-wait-ms=100)",
      "tezext(tezext.scheduler.locality.node-wait-ms=1000;tezext.scheduler.locality.rack-wait-ms=1000)",
      "tezext(tezext.scheduler.locality.node-wait-ms=500;tezext.scheduler.locality.rack-wait-ms=500)",
      "tezext(tezext.scheduler.locality.mode=delay)",
      "tezext(tezext.scheduler.idle.release-ms=1000)",
      "tezext(tezext.scheduler.idle.release-ms=10000)",
      "tezext(tezext.scheduler.idle.release-crowded-ms=3600000)",
      "tezext(tezext.scheduler.preemption.max-wait-ms=10000)");

  @Option(names = "--tune-seeds", split = ",", defaultValue = "11,12", description = "Seeds to tune on (default ${DEFAULT-VALUE}).")
  List<Long> tuneSeeds;

  @Option(names = "--report-seeds", split = ",", defaultValue = "1,2,3",
      description = "Seeds to report on, other than the tuning ones (default ${DEFAULT-VALUE}).")
  List<Long> reportSeeds;

  @Option(names = "--scenarios", split = ",", description = "Only these scenarios (default: all).")
  List<String> only;

  @Option(names = "--skip-tuning", description = "Report DagAware with its defaults as 'tuned' too (quick look).")
  boolean skipTuning;

  @Option(names = "--threads", defaultValue = "0", description = "Runs at once (default: one per core).")
  int threads;

  @Option(names = "--history", paramLabel = "PATH", description = "Tez history for history_replay to scale "
      + "(default: the repository's recorded session), e.g. a Hive session's proto history.")
  Path history;

  @Option(names = "--skip-penalties", description = "Leave out the runs with the locality penalties scaled.")
  boolean skipPenalties;

  @Option(names = "--write", paramLabel = "DIR", description = "Also write each scenario's scenario and workload "
      + "files for the report seeds to DIR, to replay with 'tezext-sim run' (nothing is run then).")
  Path write;

  private final PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);

  public static void main(String[] args) {
    System.exit(new CommandLine(new SchedCompareBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (reportSeeds.stream().anyMatch(tuneSeeds::contains)) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--report-seeds must not repeat --tune-seeds");
    }
    List<ComparisonScenario> scenarios = new ComparisonScenarios(Path.of(System.getProperty("tezext.root", ".")),
        history).all().stream().filter(s -> only == null || only.contains(s.name())).toList();
    if (scenarios.isEmpty()) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--scenarios matched none of "
          + new ComparisonScenarios(Path.of(".")).all().stream().map(ComparisonScenario::name).toList());
    }
    int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    BenchResult json = BenchResult.of("sched-compare").put("tune_seeds", tuneSeeds).put("report_seeds", reportSeeds);
    if (write != null) {
      writeScenarios(scenarios);
      return 0;
    }
    try (SchedulerLog log = new SchedulerLog(null); ComparisonRuns runs = new ComparisonRuns(n)) {
      SchedulerSpec dagaware = SchedulerSpec.parse(DAGAWARE_CANDIDATES.get(0));
      SchedulerSpec ours = SchedulerSpec.parse(TEZEXT_CANDIDATES.get(0));
      SchedulerSpec dagawareTuned = dagaware;
      if (!skipTuning) {
        Map<String, Double> scores = tune(runs, scenarios);
        dagawareTuned = SchedulerSpec.parse(best(scores, DAGAWARE_CANDIDATES));
        String oursBest = best(scores, TEZEXT_CANDIDATES);
        json.put("dagaware_tuned", dagawareTuned.label())
            .put("ours_best_candidate", oursBest)
            .put("ours_defaults_are_best_candidate", oursBest.equals(TEZEXT_CANDIDATES.get(0)))
            .put("tuning_scores", scores);
      }
      SchedulerSpec tuned = new SchedulerSpec("dagaware-tuned", dagawareTuned.name(), dagawareTuned.className(),
          dagawareTuned.conf());
      report(runs, scenarios, List.of(dagaware, tuned, ours), json);
      if (!skipPenalties) {
        penalties(runs, scenarios, List.of(dagaware, tuned, ours), json);
      }
      log.printSummary(out);
    }
    json.print(out);
    return 0;
  }

  private void writeScenarios(List<ComparisonScenario> scenarios) throws IOException {
    Files.createDirectories(write);
    for (ComparisonScenario s : scenarios) {
      for (long seed : reportSeeds) {
        ComparisonScenario.Run run = s.build(seed);
        String base = s.name() + "-seed" + seed;
        ScenarioFile.write(run.scenario(), List.of(s.description() + " (sched-compare, seed " + seed + ")"),
            write.resolve(base + "-scenario.json"));
        WorkloadJson.write(run.workload(), write.resolve(base + "-workload.json"));
        out.printf(Locale.ROOT, "tezext-sim run --cluster %s --workload %s --seed %d --scheduler dagaware,tezext%n",
            write.resolve(base + "-scenario.json"), write.resolve(base + "-workload.json"), seed);
      }
    }
  }

  // ---- tuning ----

  private Map<String, Double> tune(ComparisonRuns runs, List<ComparisonScenario> scenarios) {
    List<String> candidates = new ArrayList<>(DAGAWARE_CANDIDATES);
    candidates.addAll(TEZEXT_CANDIDATES);
    List<Job> jobs = new ArrayList<>();
    for (String candidate : candidates) {
      for (ComparisonScenario s : scenarios) {
        for (long seed : tuneSeeds) {
          jobs.add(new Job(s, seed, ModelVariant.AS_IS, SchedulerSpec.parse(candidate)));
        }
      }
    }
    List<Outcome> outcomes = runs.run(jobs, progress("tuning", jobs.size()));
    Map<String, Outcome> baseline = new LinkedHashMap<>();
    for (Outcome o : outcomes) {
      if (o.job().scheduler().label().equals(DAGAWARE_CANDIDATES.get(0))) {
        baseline.put(o.job().scenario().name() + "/" + o.job().seed(), o);
      }
    }
    Map<String, Double> scores = new LinkedHashMap<>();
    for (String candidate : candidates) {
      double logSum = 0;
      int count = 0;
      for (Outcome o : outcomes) {
        if (o.job().scheduler().label().equals(candidate)) {
          Outcome base = baseline.get(o.job().scenario().name() + "/" + o.job().seed());
          logSum += Math.log(o.meanJctS() / base.meanJctS());
          count++;
        }
      }
      scores.put(candidate, Math.exp(logSum / count));
    }
    out.println("tuning on seeds " + tuneSeeds + ": geometric mean of mean DAG time / DagAware defaults'");
    scores.forEach((c, v) -> out.printf(Locale.ROOT, "  %.3f  %s%n", v, c));
    return scores;
  }

  private static String best(Map<String, Double> scores, List<String> candidates) {
    return candidates.stream().min(Comparator.comparingDouble(scores::get)).orElseThrow();
  }

  // ---- report ----

  private void report(ComparisonRuns runs, List<ComparisonScenario> scenarios, List<SchedulerSpec> schedulers,
      BenchResult json) {
    List<Outcome> outcomes = runs.run(jobs(scenarios, schedulers, reportSeeds, ModelVariant.AS_IS),
        progress("report", scenarios.size() * schedulers.size() * reportSeeds.size()));
    BenchResult perScenario = json.group("scenarios");
    double mixed = Double.NaN;
    List<Double> ratios = new ArrayList<>();
    double best = Double.MAX_VALUE;
    double worst = 0;
    double worstVsTuned = 0;
    double minNodeLocal = 1;
    double oursLost = 0;
    double dagawareLost = 0;
    double maxOverBound = 0;
    out.printf(Locale.ROOT, "%nreport on seeds %s (means over seeds)%n", reportSeeds);
    out.printf(Locale.ROOT, "%-24s %10s %10s %10s %7s %7s %9s %9s %8s %8s %6s%n", "scenario", "dagaware", "tuned",
        "tezext", "ratio", "vs tuned", "local da", "local tx", "lost da", "lost tx", "mem");
    for (ComparisonScenario s : scenarios) {
      Summary da = summary(outcomes, s, schedulers.get(0));
      Summary tuned = summary(outcomes, s, schedulers.get(1));
      Summary tx = summary(outcomes, s, schedulers.get(2));
      double ratio = tx.meanJctS / da.meanJctS;
      double ratioVsTuned = tx.meanJctS / tuned.meanJctS;
      perScenario.group(s.name())
          .put("description", s.description())
          .put("dagaware_mean_jct_s", da.meanJctS, 4)
          .put("dagaware_tuned_mean_jct_s", tuned.meanJctS, 4)
          .put("ours_mean_jct_s", tx.meanJctS, 4)
          .put("mean_jct_ratio", ratio, 4)
          .put("mean_jct_ratio_vs_tuned", ratioVsTuned, 4)
          .put("dagaware_node_local", da.nodeLocal, 4)
          .put("ours_node_local", tx.nodeLocal, 4)
          .put("dagaware_work_preempted_s", da.workPreemptedS, 4)
          .put("ours_work_preempted_s", tx.workPreemptedS, 4)
          .put("ours_makespan_over_bound", tx.overBound, 4)
          .put("memory_allocated", da.memory, 4)
          .put("dags_failed", da.failed + tuned.failed + tx.failed);
      if (s.name().equals("mixed")) {
        mixed = ratio;
      }
      out.printf(Locale.ROOT, "%-24s %10.1f %10.1f %10.1f %7.3f %7.3f %8.1f%% %8.1f%% %8.0f %8.0f %5.0f%%%n",
          s.name(), da.meanJctS, tuned.meanJctS, tx.meanJctS, ratio, ratioVsTuned, da.nodeLocal * 100,
          tx.nodeLocal * 100, da.workPreemptedS, tx.workPreemptedS, da.memory * 100);
      ratios.add(ratio);
      worst = Math.max(worst, ratio);
      worstVsTuned = Math.max(worstVsTuned, ratioVsTuned);
      if (s.contended() && s.hdfs()) {
        best = Math.min(best, ratio);
      }
      if (s.hdfs()) {
        minNodeLocal = Math.min(minNodeLocal, tx.nodeLocal);
      }
      if (s.preemption()) {
        oursLost += tx.workPreemptedS;
        dagawareLost += da.workPreemptedS;
      }
      maxOverBound = Math.max(maxOverBound, tx.overBound);
    }
    json.put("best_mean_jct_ratio", best, 4)
        .put("mixed_mean_jct_ratio", mixed, 4)
        .put("geomean_mean_jct_ratio", geomean(ratios), 4)
        .put("worst_mean_jct_ratio", worst, 4)
        .put("worst_mean_jct_ratio_vs_tuned", worstVsTuned, 4)
        .put("min_node_local_hdfs", minNodeLocal, 4)
        .ratio("lost_task_seconds_ratio", oursLost, dagawareLost, 4)
        .put("ours_makespan_over_bound_max", maxOverBound, 4);
  }

  // ---- penalty sensitivity ----

  private void penalties(ComparisonRuns runs, List<ComparisonScenario> scenarios, List<SchedulerSpec> schedulers,
      BenchResult json) {
    List<ComparisonScenario> hdfs = scenarios.stream().filter(ComparisonScenario::hdfs).toList();
    if (hdfs.isEmpty()) {
      return;
    }
    BenchResult node = json.group("penalty_scales");
    out.printf(Locale.ROOT, "%nHDFS scenarios with the rack-local and off-switch penalties scaled%n");
    for (double scale : new double[] {0.5, 2.0}) {
      List<Outcome> outcomes = runs.run(jobs(hdfs, schedulers, reportSeeds, ModelVariant.penalties(scale)),
          progress("penalties x" + scale, hdfs.size() * schedulers.size() * reportSeeds.size()));
      List<Double> ratios = new ArrayList<>();
      List<Double> ratiosVsTuned = new ArrayList<>();
      double minNodeLocal = 1;
      for (ComparisonScenario s : hdfs) {
        Summary da = summary(outcomes, s, schedulers.get(0));
        Summary tuned = summary(outcomes, s, schedulers.get(1));
        Summary tx = summary(outcomes, s, schedulers.get(2));
        ratios.add(tx.meanJctS / da.meanJctS);
        ratiosVsTuned.add(tx.meanJctS / tuned.meanJctS);
        minNodeLocal = Math.min(minNodeLocal, tx.nodeLocal);
      }
      double worst = ratios.stream().mapToDouble(Double::doubleValue).max().orElse(0);
      double worstVsTuned = ratiosVsTuned.stream().mapToDouble(Double::doubleValue).max().orElse(0);
      node.group(String.valueOf(scale))
          .put("geomean_mean_jct_ratio", geomean(ratios), 4)
          .put("worst_mean_jct_ratio", worst, 4)
          .put("worst_mean_jct_ratio_vs_tuned", worstVsTuned, 4)
          .put("min_node_local_hdfs", minNodeLocal, 4);
      out.printf(Locale.ROOT, "  penalties x%.1f: geomean ratio %.3f, worst %.3f (vs tuned %.3f), min node-local %.1f%%%n",
          scale, geomean(ratios), BenchResult.round(worst, 4), BenchResult.round(worstVsTuned, 4), minNodeLocal * 100);
    }
  }

  // ---- helpers ----

  private static List<Job> jobs(List<ComparisonScenario> scenarios, List<SchedulerSpec> schedulers, List<Long> seeds,
      ModelVariant variant) {
    List<Job> jobs = new ArrayList<>();
    for (ComparisonScenario s : scenarios) {
      for (SchedulerSpec spec : schedulers) {
        for (long seed : seeds) {
          jobs.add(new Job(s, seed, variant, spec));
        }
      }
    }
    return jobs;
  }

  /** Means over seeds of one scheduler's runs of one scenario. */
  private record Summary(double meanJctS, double nodeLocal, double workPreemptedS, double overBound, double memory,
      int failed) {
  }

  private static Summary summary(List<Outcome> outcomes, ComparisonScenario s, SchedulerSpec spec) {
    List<Outcome> mine = outcomes.stream().filter(o -> o.job().scenario() == s && o.job().scheduler() == spec)
        .toList();
    return new Summary(mean(mine, Outcome::meanJctS), mean(mine, Outcome::nodeLocal), mean(mine, Outcome::workPreemptedS),
        mean(mine, Outcome::makespanOverBound), mean(mine, Outcome::memoryAllocated),
        mine.stream().mapToInt(Outcome::dagsFailed).sum());
  }

  private static double mean(List<Outcome> outcomes, ToDoubleFunction<Outcome> f) {
    return outcomes.stream().mapToDouble(f).average().orElse(Double.NaN);
  }

  private static double geomean(List<Double> values) {
    return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(0));
  }

  private java.util.function.IntConsumer progress(String phase, int total) {
    return done -> System.err.printf(Locale.ROOT, "\r%s: %d/%d runs%s", phase, done, total, done == total ? "\n" : "");
  }
}
