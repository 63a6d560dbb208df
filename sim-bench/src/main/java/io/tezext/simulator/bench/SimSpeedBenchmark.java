package io.tezext.simulator.bench;

import java.io.PrintWriter;
import java.util.List;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * {@code bench/run sim-speed [SEED]}: how much faster than real time the simulator replays a loaded
 * day on a 1,000-node cluster with Tez's DagAwareYarnTaskScheduler in the loop.
 *
 * <ul>
 *   <li>cluster: 40 racks of 25 nodes, 32 GB and 16 vcores each; queues etl (70%) and adhoc (30%),
 *       both up to 100%; YARN and Tez defaults;</li>
 *   <li>workload: the synthetic TPC-DS-like generator with its task durations as in the demo
 *       (median 30 s, lognormal sigma 0.8, per-vertex medians spread around it), scans of 8 to 500
 *       tasks, 30% on object storage, 200 Hive sessions, arrivals over 24 hours: enough DAGs that at
 *       least half the cluster's memory is allocated on average, and few enough that the makespan
 *       stays within 1.5 times its lower bound (no backlog inflating the simulated hours).</li>
 * </ul>
 * The baseline is real time: Hadoop's SLS replays at 1x. Goal: 1,000x with a 2 GB heap.
 */
public final class SimSpeedBenchmark {
  static final long DAY_MS = 24 * 3_600_000L;
  static final int DAGS = 26_000;

  private SimSpeedBenchmark() {
  }

  public static void main(String[] args) {
    long seed = BenchArgs.seed("sim-speed", args);
    ClusterSpec cluster = ClusterSpec.uniform(40, 25, 32_768, 16,
        List.of(new QueueSpec("etl", 70, 100), new QueueSpec("adhoc", 30, 100)), YarnSettings.DEFAULTS);
    SyntheticOptions options = new SyntheticOptions(DAGS, DAY_MS / DAGS, SyntheticOptions.TPCDS_MIX, 8, 500,
        30_000, 0.8, 0.3, 200, List.of("etl", "adhoc"));
    Workload workload = SyntheticWorkloads.generate(options, cluster.hosts(), seed);
    Scenario scenario = new Scenario(cluster, AmSettings.DEFAULTS, Failures.NONE, seed, 60_000);
    PrintWriter out = BenchArgs.out();
    SpeedRun.run("sim-speed", scenario, workload, "dagaware", 1_000, out).print(out);
  }
}
