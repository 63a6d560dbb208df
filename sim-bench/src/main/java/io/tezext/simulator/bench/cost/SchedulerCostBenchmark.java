package io.tezext.simulator.bench.cost;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.util.ListStatistics;

import io.tezext.benchkit.BenchResult;
import io.tezext.simulator.bench.BenchArgs;
import io.tezext.simulator.scheduler.SchedulerKind;

/**
 * {@code bench/run sched-cost [SEED]}: what one AM heartbeat's worth of scheduling costs the AM,
 * ours against Tez's DagAwareYarnTaskScheduler in the same harness: a 1,000-node, 40-rack cluster,
 * one query of five vertices, 10,000 task attempts waiting and 1,000 containers held
 * ({@link SteadyStateAm} says what a heartbeat holds). Both run unmodified, with their defaults
 * and Tez's container reuse on, on YARN's own AM-RM client minus its RPC.
 *
 * <p>First each scheduler runs {@value #CHECK_HEARTBEATS} heartbeats here, to show the work each
 * did per heartbeat; then JMH times a heartbeat of each ({@link HeartbeatCost}: 8 warm-up and 5
 * measured iterations of 2 s) in {@value #ROUNDS} rounds of one forked JVM per scheduler, alternating
 * ({@link AlternatingForks}), with JMH's GC profiler counting the bytes each heartbeat allocates (a
 * figure the machine's load does not move, unlike the time). JMH's progress goes to standard error;
 * the summary and, last, one JSON line to standard output. Goal: under 1 ms per heartbeat and below
 * DagAware.
 */
public final class SchedulerCostBenchmark {
  static final int CHECK_HEARTBEATS = 1_000;
  static final int ROUNDS = 3;
  static final double GOAL_US = 1_000;
  /** JMH's confidence level for its error bars. */
  private static final double CONFIDENCE = 0.999;
  private static final SchedulerKind OURS = SchedulerKind.TEZEXT;
  private static final SchedulerKind BASELINE = SchedulerKind.DAGAWARE;

  private SchedulerCostBenchmark() {
  }

  public static void main(String[] args) throws RunnerException {
    long seed = BenchArgs.seed("sched-cost", args);
    PrintWriter out = BenchArgs.out();
    out.printf(Locale.ROOT, "sched-cost: one AM heartbeat on %,d nodes in %d racks, a %d-vertex query, %,d attempts "
            + "waiting, %,d containers held; each heartbeat %d attempts finish, %d die with their container%n",
        RackedCluster.RACKS * RackedCluster.NODES_PER_RACK, RackedCluster.RACKS,
        new ScanJoinAggregateDag().getTotalVertices(), SteadyStateAm.PENDING_REQUESTS, SteadyStateAm.HELD_CONTAINERS,
        SteadyStateAm.FINISHED_PER_HEARTBEAT, SteadyStateAm.DIED_PER_HEARTBEAT);

    Map<SchedulerKind, HeartbeatWork> work = new LinkedHashMap<>();
    for (SchedulerKind kind : List.of(OURS, BASELINE)) {
      SteadyStateAm am = SteadyStateAm.start(kind, seed);
      am.checkSteadyState("after settling");
      for (int i = 0; i < CHECK_HEARTBEATS; i++) {
        am.heartbeat();
      }
      am.checkSteadyState("after " + CHECK_HEARTBEATS + " heartbeats");
      work.put(kind, am.work);
      out.printf(Locale.ROOT, "%-8s %s%n         then: %s%n", kind.cliName(), am.work.perHeartbeat(), am.state());
    }

    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    AlternatingForks.Timings timings =
        new AlternatingForks(List.of(OURS.cliName(), BASELINE.cliName()), seed, ROUNDS).run();
    double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    ListStatistics ours = timings.pooled().get(OURS.cliName());
    ListStatistics baseline = timings.pooled().get(BASELINE.cliName());
    for (SchedulerKind kind : List.of(OURS, BASELINE)) {
      ListStatistics s = timings.pooled().get(kind.cliName());
      out.printf(Locale.ROOT, "%-8s %8.1f ± %.1f us per heartbeat (99.9%% confidence; %d iterations in %d JVMs; "
              + "JVM means %s)%n", kind.cliName(), s.getMean(), s.getMeanErrorAt(CONFIDENCE), s.getN(), ROUNDS,
          roundMeans(timings.roundMeans().get(kind.cliName())));
    }
    ListStatistics oursBytes = timings.bytesPerHeartbeat().get(OURS.cliName());
    ListStatistics baselineBytes = timings.bytesPerHeartbeat().get(BASELINE.cliName());
    out.printf(Locale.ROOT, "allocated per heartbeat: %s %,.0f bytes, %s %,.0f bytes%n", OURS.cliName(),
        oursBytes.getMean(), BASELINE.cliName(), baselineBytes.getMean());
    double ratio = ours.getMean() / baseline.getMean();
    boolean meetsGoal = ours.getMean() < GOAL_US && ours.getMean() < baseline.getMean();
    out.printf(Locale.ROOT, "ours / DagAware: %.2f; goal (under %.0f us and below DagAware) %s; load average %.1f "
        + "before timing, %.1f after, on %d cores%n", ratio, GOAL_US, meetsGoal ? "met" : "NOT met", loadBefore,
        loadAfter, Runtime.getRuntime().availableProcessors());

    BenchResult json = BenchResult.of("sched-cost")
        .put("nodes", RackedCluster.RACKS * RackedCluster.NODES_PER_RACK)
        .put("racks", RackedCluster.RACKS)
        .put("pending_requests", SteadyStateAm.PENDING_REQUESTS)
        .put("held_containers", SteadyStateAm.HELD_CONTAINERS)
        .put("finished_per_heartbeat", SteadyStateAm.FINISHED_PER_HEARTBEAT)
        .put("died_per_heartbeat", SteadyStateAm.DIED_PER_HEARTBEAT)
        .put("ours_us_per_heartbeat", ours.getMean(), 1)
        .put("ours_us_error", ours.getMeanErrorAt(CONFIDENCE), 1)
        .put("dagaware_us_per_heartbeat", baseline.getMean(), 1)
        .put("dagaware_us_error", baseline.getMeanErrorAt(CONFIDENCE), 1)
        .put("error", "99.9% confidence half-width over all measured iterations")
        .put("ratio", ratio, 3);
    List<Double> roundRatios = new ArrayList<>();
    for (int r = 0; r < ROUNDS; r++) {
      roundRatios.add(BenchResult.round(timings.roundMeans().get(OURS.cliName()).get(r)
          / timings.roundMeans().get(BASELINE.cliName()).get(r), 3));
    }
    json.put("ratio_by_round", roundRatios)
        .put("ours_bytes_per_heartbeat", Math.round(oursBytes.getMean()))
        .put("dagaware_bytes_per_heartbeat", Math.round(baselineBytes.getMean()))
        .ratio("bytes_ratio", oursBytes.getMean(), baselineBytes.getMean(), 3);
    work.get(OURS).putInto(json.group("ours_work_per_heartbeat"));
    work.get(BASELINE).putInto(json.group("dagaware_work_per_heartbeat"));
    json.put("load_average_before", loadBefore, 1)
        .put("load_average_after", loadAfter, 1)
        .put("cores", Runtime.getRuntime().availableProcessors())
        .put("goal_us", GOAL_US)
        .put("meets_goal", meetsGoal)
        .print(out);
  }

  private static String roundMeans(List<Double> means) {
    StringBuilder s = new StringBuilder();
    for (double m : means) {
      s.append(s.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f", m));
    }
    return s.toString();
  }
}
