package io.tezext.schedreal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
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
 * {@code bench/run sched-real-sessions}: Tez's DagAwareYarnTaskScheduler and ours where many sessions
 * share one queue, on the real cluster of {@code sched-real} ({@link ContendedCluster}, its batch
 * queue left empty): in each run {@code -Dsched-real.sessions=N} (3) sessions of one scheduler run
 * their DAGs with pauses between them ({@link SharedQueueRun}); runs in interleaved pairs
 * ({@code -Dsched-real.pairs=N}, 6), the order alternating pair by pair, both runs of a pair with
 * the same load. Scored: every DAG's time as its client saw it, ours' mean over DagAware's per pair.
 * A warm-up run (DagAware, not scored) first meets the fresh cluster's cold NodeManagers. Keys as
 * {@code sched-real} takes them ({@link SchedulerUnderTest#comparedKeys}). The report and, as its
 * last line, the JSON figures go to {@code target/sched-real-sessions.txt}; each session's Tez
 * history stays under {@code target/sched-real-sessions/runs/}.
 *
 * <p>Not an {@code *IT}: {@code mvn verify} leaves it out; bench/run selects it with {@code -Dit.test}.
 */
class SchedRealSessionsBenchmark {
  static final int PAIRS = Integer.getInteger("sched-real.pairs", 6);
  static final int SESSIONS = Integer.getInteger("sched-real.sessions", 3);
  static final Map<SchedulerUnderTest, Map<String, String>> CONF = SchedulerUnderTest.comparedKeys();

  @RegisterExtension
  static final TezTestCluster CLUSTER = ContendedCluster.builder()
      // Several AMs in one queue: CapacityScheduler's default share for AMs (10%) would start one at a time.
      .set("yarn.scheduler.capacity.maximum-am-resource-percent", "0.5")
      .build();

  @Test
  void pairedSharedQueueRuns() throws Exception {
    if (PAIRS < 1 || SESSIONS < 2) {
      throw new IllegalArgumentException("-Dsched-real.pairs must be at least 1 and -Dsched-real.sessions at least 2; "
          + "they were " + PAIRS + " and " + SESSIONS);
    }
    Path runsDir = Path.of("target", "sched-real-sessions", "runs").toAbsolutePath();
    long started = System.nanoTime();
    SharedQueueRun shared = new SharedQueueRun(CLUSTER, runsDir);
    List<DagShape> slice = HiveShapes.slice();
    shared.run("warm-up", SchedulerUnderTest.DAG_AWARE, Map.of(), -1, new SharedQueueRun.Plan(
        Collections.nCopies(SESSIONS, slice), Collections.nCopies(SESSIONS, Collections.nCopies(slice.size(), 0L))));

    List<SharedQueueRun.Result> runs = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    for (int pair = 0; pair < PAIRS; pair++) {
      List<SchedulerUnderTest> order = pair % 2 == 0
          ? List.of(SchedulerUnderTest.DAG_AWARE, SchedulerUnderTest.TEZEXT)
          : List.of(SchedulerUnderTest.TEZEXT, SchedulerUnderTest.DAG_AWARE);
      SharedQueueRun.Plan plan = SharedQueueRun.plan(pair, SESSIONS);
      for (SchedulerUnderTest s : order) {
        SharedQueueRun.Result r = shared.run(String.format(Locale.ROOT, "pair-%02d-%s", pair, s.label()), s,
            CONF.get(s), pair, plan);
        runs.add(r);
        report.append(line(r)).append('\n');
      }
    }

    Map<Integer, Map<String, Double>> byPair = new TreeMap<>();
    runs.forEach(r -> byPair.computeIfAbsent(r.pair(), p -> new TreeMap<>()).put(r.scheduler(), r.meanDagMs()));
    PairedComparison paired = PairedComparison.ofMeans(byPair, Double.NaN);
    report.insert(0, String.format(Locale.ROOT, "sched-real-sessions: %d pairs of runs, %d sessions of %d DAGs "
            + "each in one queue; ours/DagAware mean DAG time %.3f (95%% interval %.3f-%.3f)%n", paired.pairs(),
        SESSIONS, HiveShapes.session().size(), paired.ratio(), paired.ciLow(), paired.ciHigh()));
    BenchResult json = BenchResult.of("sched-real-sessions")
        .put("pairs", paired.pairs())
        .put("sessions", SESSIONS)
        .put("dags_per_session", HiveShapes.session().size())
        .put("mean_pause_ms", SharedQueueRun.MEAN_PAUSE_MS)
        .put("real_ratio", SchedRealBenchmark.round(paired.ratio()))
        .put("real_ci_low", SchedRealBenchmark.round(paired.ciLow()))
        .put("real_ci_high", SchedRealBenchmark.round(paired.ciHigh()))
        .put("mean_dag_s", SchedRealBenchmark.rounded(paired.meanDagSeconds()))
        .putAll(totals(runs))
        .put("baseline", SchedulerUnderTest.DAG_AWARE.className())
        .put("baseline_conf", new TreeMap<>(CONF.get(SchedulerUnderTest.DAG_AWARE)))
        .put("ours_conf", new TreeMap<>(CONF.get(SchedulerUnderTest.TEZEXT)))
        .put("runs_dir", runsDir.toString())
        .put("wall_s", (System.nanoTime() - started) / 1e9, 3);
    String text = report + json.line() + "\n";
    Files.writeString(Path.of("target", "sched-real-sessions.txt"), text);
    System.out.println(text);
  }

  private static String line(SharedQueueRun.Result r) {
    return String.format(Locale.ROOT, "%-22s mean DAG %6.2f s; %d containers launched, %.2f tasks each; RM "
            + "preempted %d", r.runId(), r.meanDagMs() / 1000, r.containersLaunched(),
        tasksPerContainer(List.of(r)), r.rmPreemptedContainers());
  }

  private static double tasksPerContainer(List<SharedQueueRun.Result> runs) {
    int running = runs.stream().mapToInt(SharedQueueRun.Result::containersRunningTasks).sum();
    return running == 0 ? Double.NaN : (double) runs.stream().mapToInt(SharedQueueRun.Result::attempts).sum() / running;
  }

  /** Per scheduler: containers launched per run, tasks per container, containers the RM preempted. */
  private static Map<String, Object> totals(List<SharedQueueRun.Result> runs) {
    Map<String, Object> launched = new LinkedHashMap<>();
    Map<String, Object> reuse = new LinkedHashMap<>();
    Map<String, Object> preempted = new LinkedHashMap<>();
    for (SchedulerUnderTest s : List.of(SchedulerUnderTest.DAG_AWARE, SchedulerUnderTest.TEZEXT)) {
      List<SharedQueueRun.Result> mine = runs.stream().filter(r -> r.scheduler().equals(s.label())).toList();
      launched.put(s.label(), SchedRealBenchmark.round(
          mine.stream().mapToInt(SharedQueueRun.Result::containersLaunched).average().orElse(Double.NaN)));
      reuse.put(s.label(), SchedRealBenchmark.round(tasksPerContainer(mine)));
      preempted.put(s.label(), mine.stream().mapToInt(SharedQueueRun.Result::rmPreemptedContainers).sum());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("containers_launched", launched);
    out.put("reuse", reuse);
    out.put("rm_preemptions_real", preempted);
    return out;
  }
}
