package io.tezext.simulator.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * {@code bench/run sim-speed}: how much faster than real time the simulator replays a day on a
 * 1,000-node cluster (40 racks of 25 nodes, two queues) with Tez's DagAwareYarnTaskScheduler in the
 * loop. Hadoop's SLS replays at real time, so real time (1x) is the baseline. The last line is JSON.
 *
 * <p>Arguments (optional): seed (1), most tasks of a scan vertex (200; scans are drawn log-uniformly
 * from 8 up to it: the default gives about 170k tasks in the day, 800 about 520k).
 */
public final class SimSpeedBenchmark {
  static final long DAY_MS = 24 * 3_600_000L;
  static final int DAGS = 1_500;

  private SimSpeedBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    long seed;
    int maxRootTasks;
    try {
      seed = args.length > 0 ? Long.parseLong(args[0]) : 1;
      maxRootTasks = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    } catch (NumberFormatException e) {
      System.err.println("usage: bench/run sim-speed [SEED] [MAX_SCAN_TASKS]: both integers, got "
          + String.join(" ", args));
      System.exit(2);
      return;
    }
    ClusterSpec cluster = ClusterSpec.uniform(40, 25, 32_768, 16,
        List.of(new QueueSpec("etl", 70, 100), new QueueSpec("adhoc", 30, 100)), YarnSettings.DEFAULTS);
    SyntheticOptions options = new SyntheticOptions(DAGS, DAY_MS / DAGS, SyntheticOptions.TPCDS_MIX, 8, maxRootTasks,
        60_000, 0.8, 0.3, 100, List.of("etl", "adhoc"));
    Workload workload = SyntheticWorkloads.generate(options, cluster.hosts(), seed);
    Scenario scenario = new Scenario(cluster, AmSettings.DEFAULTS, Failures.NONE, seed, 60_000);
    System.out.printf(Locale.ROOT, "sim-speed: %d nodes, %d DAGs, %d tasks, DagAware in the loop%n",
        cluster.nodes().size(), workload.submissions().size(), workload.taskCount());

    resetPeakHeap();
    RunResult result = new Simulation(scenario, workload, SchedulerSpec.parse("dagaware"), false,
        Simulation.ProgressListener.NONE).run();
    long peakHeapMb = peakHeapMb();
    RunFigures figures = RunFigures.of(result);

    double wallS = result.counters().wallNanos() / 1e9;
    double simulatedHours = result.counters().simulatedMs() / 3_600_000.0;
    double speedup = result.counters().simulatedMs() / 1000.0 / wallS;
    System.out.printf(Locale.ROOT, "simulated %.2f h in %.2f s: %.0fx real time, %.0f events/s, peak heap %d MB%n",
        simulatedHours, wallS, speedup, result.counters().events() / wallS, peakHeapMb);
    System.out.printf(Locale.ROOT, "cluster memory allocated %.1f%% on average, makespan/lower bound %.2f%n",
        figures.get("memory_allocated").value() * 100, figures.get("makespan_over_bound").value());

    ObjectNode json = new ObjectMapper().createObjectNode();
    json.put("benchmark", "sim-speed");
    json.put("scheduler", "dagaware");
    json.put("nodes", cluster.nodes().size());
    json.put("dags", result.dags().size());
    json.put("tasks", workload.taskCount());
    json.put("attempts", result.attempts().size());
    json.put("simulated_hours", round(simulatedHours));
    json.put("wall_s", round(wallS));
    json.put("speedup_vs_realtime", Math.round(speedup));
    json.put("events", result.counters().events());
    json.put("events_per_s", Math.round(result.counters().events() / wallS));
    json.put("peak_heap_mb", peakHeapMb);
    json.put("max_heap_mb", Runtime.getRuntime().maxMemory() >> 20);
    json.put("memory_allocated_mean", round(figures.get("memory_allocated").value()));
    ObjectNode baseline = json.putObject("baseline");
    baseline.put("name", "real time (Hadoop SLS replays at 1x)");
    baseline.put("speedup_vs_realtime", 1);
    json.put("ratio_speedup_to_baseline", Math.round(speedup));
    json.put("goal_speedup", 10_000);
    json.put("meets_goal", speedup >= 10_000 && peakHeapMb <= 2048);
    System.out.println(json);
  }

  private static void resetPeakHeap() {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  /** Sum of the heap pools' peaks: an upper bound on the heap the run needed at once. */
  private static long peakHeapMb() {
    long bytes = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        bytes += pool.getPeakUsage().getUsed();
      }
    }
    return bytes >> 20;
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
