package io.tezext.simulator.bench;

import java.io.PrintWriter;
import java.nio.file.Path;

import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.TraceShapedWorkloads;

/**
 * {@code bench/run sim-replay [SEED]}: how much faster than real time the simulator replays a
 * trace-shaped workload, the kind a user replays from a public cluster trace, with Tez's
 * DagAwareYarnTaskScheduler in the loop.
 *
 * <ul>
 *   <li>cluster: the 40-node reference scenario (simulator/scenarios/reference.json);</li>
 *   <li>workload: {@link TraceShapedWorkloads}, seeded: 640 jobs of one to four tasks, one AM each,
 *       200 to 10,000 instances per map task (over 2 million instances in all), per-task median
 *       instance durations of 20 s to 10 min, arrivals spread so that the cluster is busy but the
 *       makespan stays within 1.5 times its lower bound.</li>
 * </ul>
 * The baseline is real time: Hadoop's SLS replays at 1x. Goal: 10,000x with a 2 GB heap.
 */
public final class SimReplayBenchmark {
  static final TraceShapedWorkloads.Options OPTIONS =
      new TraceShapedWorkloads.Options(640, 600_000, 200, 10_000, 20_000, 600_000);

  private SimReplayBenchmark() {
  }

  public static void main(String[] args) {
    long seed = BenchArgs.seed("sim-replay", args);
    Scenario scenario = ScenarioFile.read(Path.of(BenchArgs.projectRoot(), "simulator/scenarios/reference.json"), seed);
    Workload workload = TraceShapedWorkloads.generate(OPTIONS, scenario.cluster().hosts(), seed);
    PrintWriter out = BenchArgs.out();
    SpeedRun.run("sim-replay", scenario, workload, "dagaware", 10_000, out).print(out);
  }
}
