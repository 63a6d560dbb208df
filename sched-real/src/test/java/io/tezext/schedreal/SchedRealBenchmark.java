package io.tezext.schedreal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.benchkit.BenchResult;
import io.tezext.testkit.TezTestCluster;

/**
 * {@code bench/run sched-real}: Tez's DagAwareYarnTaskScheduler and ours on a real contended YARN
 * cluster ({@link ContendedCluster}), in interleaved pairs of runs (the order alternating pair by
 * pair), each run a fresh Tez session of eight Hive-shaped DAGs ({@link HiveShapes#session}) beside a
 * freshly started competing application ({@link Competitor}). Before the pairs, a warm-up run (not
 * scored: a fresh cluster's first application meets cold NodeManagers) logs what the RM tells the AM;
 * after them, the same probe with the nodes' vcores halved (overcommitted), and, with
 * {@code -Dsched-real.dominant-probe=true}, on a cluster with the DominantResourceCalculator. Every
 * run's Tez proto histories and {@code manifest.json} stay under {@code target/sched-real/runs/};
 * {@link #CHECKS} then run on them. The report and, as its last
 * line, the JSON figures go to {@code target/sched-real.txt}.
 *
 * <p>Not an {@code *IT}: {@code mvn verify} leaves it out; bench/run selects it with
 * {@code -Dit.test}. {@code -Dsched-real.pairs=N} changes the number of pairs (10);
 * {@code -Dsched-real.baseline-conf='KEY=VALUE;...'} runs DagAware with those Tez keys instead of
 * its defaults, and {@code -Dsched-real.ours-conf='KEY=VALUE;...'} ours with those {@code tezext.scheduler.*}
 * keys (each checked as {@code tezext-sim}'s {@code dagaware(...)} and {@code tezext(...)} are, and
 * replayed with them).
 */
class SchedRealBenchmark {
  /** Checks run on the recorded runs, each adding its figures to the JSON line. */
  static final List<RecordedRunsCheck> CHECKS = List.of(new SimulatedReplayCheck());

  static final int PAIRS = Integer.getInteger("sched-real.pairs", 10);

  /** Each scheduler's keys for the compared runs (empty: its defaults), as {@code -Dsched-real.*-conf} gives them. */
  static final Map<SchedulerUnderTest, Map<String, String>> CONF = SchedulerUnderTest.comparedKeys();

  @RegisterExtension
  static final TezTestCluster CLUSTER = ContendedCluster.builder().build();

  @Test
  void pairedRealRuns() throws Exception {
    Path out = Path.of("target", "sched-real").toAbsolutePath();
    Path runsDir = out.resolve("runs");
    StringBuilder report = new StringBuilder();
    long started = System.nanoTime();

    List<HeadroomProbe> probes = new ArrayList<>();
    probes.add(HeadroomProbe.run("4 x (1024 MB, 4 vcores), DefaultResourceCalculator (the benchmark's cluster; "
        + "the warm-up run)", CLUSTER, runsDir, "warm-up-probe", HiveShapes.slice()));

    RealRun real = new RealRun(CLUSTER, runsDir);
    List<RunManifest> runs = new ArrayList<>();
    for (int pair = 0; pair < PAIRS; pair++) {
      List<SchedulerUnderTest> order = pair % 2 == 0
          ? List.of(SchedulerUnderTest.DAG_AWARE, SchedulerUnderTest.TEZEXT)
          : List.of(SchedulerUnderTest.TEZEXT, SchedulerUnderTest.DAG_AWARE);
      for (int i = 0; i < order.size(); i++) {
        SchedulerUnderTest s = order.get(i);
        RunManifest run = real.run(String.format(Locale.ROOT, "pair-%02d-%s", pair, s.label()), s,
            CONF.get(s), pair, i,
            HiveShapes.session());
        runs.add(run);
        report.append(RunSummary.line(run)).append('\n');
      }
    }
    // The same probe with vcores overcommitted: each node keeps 4 containers' memory but gets 2 vcores.
    ContendedCluster.setNodeVcores(CLUSTER, 2);
    probes.add(HeadroomProbe.run("4 x (1024 MB, 2 vcores): vcores overcommitted 2x, DefaultResourceCalculator",
        CLUSTER, runsDir, "probe-vcores-overcommitted", HiveShapes.slice()));
    ContendedCluster.setNodeVcores(CLUSTER, ContendedCluster.NODE_VCORES);
    if (Boolean.getBoolean("sched-real.dominant-probe")) {
      CLUSTER.stop(); // the probe's cluster takes the loopback addresses next
      probes.add(probeOn("4 x (1024 MB, 4 vcores), DominantResourceCalculator",
          ContendedCluster.builder().dominantResources(), "SchedRealProbeDominant", runsDir));
    }

    // The RM's container transitions of every run (log4j.properties), kept beside the runs they tell of.
    Path rmLog = Path.of("target", "rm-containers.log");
    if (Files.exists(rmLog)) {
      Files.copy(rmLog, runsDir.resolve("rm-containers.log"), StandardCopyOption.REPLACE_EXISTING);
    }

    BenchResult json = BenchResult.of("sched-real").putAll(figures(runs, runsDir, report))
        .put("headroom_probes", probes)
        .put("wall_s", (System.nanoTime() - started) / 1e9, 3);
    probes.forEach(p -> report.append("headroom probe, ").append(p.describe()).append('\n'));
    String text = report + json.line() + "\n";
    Files.writeString(Path.of("target", "sched-real.txt"), text);
    System.out.println(text);
  }

  /**
   * The recorded runs' figures: the paired comparison, the runs' totals, then each of {@link #CHECKS};
   * their lines of text go to {@code report}, the comparison's first.
   */
  static Map<String, Object> figures(List<RunManifest> runs, Path runsDir, StringBuilder report) throws Exception {
    PairedComparison paired = PairedComparison.of(runs);
    int dagsPerRun = runs.get(0).dags().size();
    report.insert(0, String.format(Locale.ROOT, "sched-real: %d pairs of runs, %d DAGs each; ours/DagAware mean DAG "
            + "time %.3f (95%% interval %.3f-%.3f); the same DAG's run time varied up to %.0f%% across runs of one "
            + "scheduler%n", paired.pairs(), dagsPerRun, paired.ratio(), paired.ciLow(), paired.ciHigh(),
        paired.spreadPct()));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("pairs", paired.pairs());
    json.put("dags_per_run", dagsPerRun);
    json.put("real_ratio", round(paired.ratio()));
    json.put("real_ci_low", round(paired.ciLow()));
    json.put("real_ci_high", round(paired.ciHigh()));
    json.put("real_spread_pct", round(paired.spreadPct()));
    json.put("mean_dag_s", rounded(paired.meanDagSeconds()));
    json.putAll(RunSummary.totals(runs));
    json.put("rm_kills_of_competitor", RunSummary.rmKills(runs, runsDir));
    for (RecordedRunsCheck check : CHECKS) {
      report.append("\n").append(check.name()).append(":\n");
      json.putAll(check.check(runsDir, runs, report));
    }
    json.put("baseline", SchedulerUnderTest.DAG_AWARE.className());
    json.put("baseline_conf", confOf(runs, SchedulerUnderTest.DAG_AWARE));
    json.put("ours_conf", confOf(runs, SchedulerUnderTest.TEZEXT));
    json.put("machine", RunSummary.machine(runs));
    json.put("runs_dir", runsDir.toString());
    return json;
  }

  /** The keys {@code scheduler}'s runs set (each of its runs set the same). */
  private static Map<String, String> confOf(List<RunManifest> runs, SchedulerUnderTest scheduler) {
    return new TreeMap<>(runs.stream().filter(r -> r.scheduler().equals(scheduler.label())).findFirst()
        .map(r -> r.schedulerConf() == null ? Map.<String, String>of() : r.schedulerConf()).orElse(Map.of()));
  }

  private static HeadroomProbe probeOn(String name, TezTestCluster.Builder builder, String clusterName, Path runsDir)
      throws Exception {
    TezTestCluster cluster = builder.build();
    cluster.start(clusterName);
    try {
      return HeadroomProbe.run(name, cluster, runsDir, "probe-" + clusterName, HiveShapes.slice());
    } finally {
      cluster.stop();
    }
  }

  static double round(double v) {
    return Double.isNaN(v) ? v : Math.round(v * 1000) / 1000.0;
  }

  static Map<String, Double> rounded(Map<String, Double> values) {
    Map<String, Double> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, round(v)));
    return out;
  }
}
