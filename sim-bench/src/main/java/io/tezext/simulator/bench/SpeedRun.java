package io.tezext.simulator.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

import io.tezext.benchkit.BenchResult;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.RunOptions;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;

/**
 * One timed run for a speed benchmark, and its JSON line: our figures, the baseline's (real time:
 * Hadoop's SLS replays at 1x) and their ratio. The run keeps no per-attempt records, as a user
 * replaying millions of tasks for figures would not.
 */
final class SpeedRun {
  private SpeedRun() {
  }

  static BenchResult run(String benchmark, Scenario scenario, Workload workload, String scheduler,
      long goalSpeedup, PrintWriter out) {
    out.printf(Locale.ROOT, "%s: %d nodes, %d DAGs, %d tasks, %s in the loop%n", benchmark,
        scenario.cluster().nodes().size(), workload.submissions().size(), workload.taskCount(), scheduler);
    RunResult result;
    long peakHeapMb;
    try (SchedulerLog log = new SchedulerLog(null); HeapWatch heap = new HeapWatch()) {
      result = new Simulation(scenario, workload, SchedulerSpec.parse(scheduler), RunOptions.DEFAULT.withoutRecords())
          .run();
      peakHeapMb = heap.peakLiveMb();
      log.printSummary(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    RunFigures figures = RunFigures.of(result);
    double wallS = result.costs().wallNanos() / 1e9;
    double simulatedHours = result.counters().simulatedMs() / 3_600_000.0;
    double speedup = result.counters().simulatedMs() / 1000.0 / wallS;
    long tasks = workload.taskCount();
    double memory = figures.get("memory_allocated").value();
    double overBound = figures.get("makespan_over_bound").value();
    double schedulerShare = (double) result.costs().schedulerWallNanos() / result.costs().wallNanos();
    out.printf(Locale.ROOT, "simulated %.2f h in %.2f s: %.0fx real time, %.0f tasks/s, %.0f events/s, "
            + "peak live heap %d MB%n", simulatedHours, wallS, speedup, tasks / wallS,
        result.counters().events() / wallS, peakHeapMb);
    out.printf(Locale.ROOT, "cluster memory allocated %.1f%% on average, makespan / lower bound %.2f, "
        + "%.0f%% of the wall time inside the scheduler%n", memory * 100, overBound, schedulerShare * 100);

    BenchResult json = BenchResult.of(benchmark)
        .put("scheduler", scheduler)
        .put("nodes", scenario.cluster().nodes().size())
        .put("dags", result.dags().size())
        .put("tasks", tasks)
        .put("attempts", result.counters().attempts())
        .put("tasks_per_wall_s", Math.round(tasks / wallS))
        .put("simulated_hours", simulatedHours, 2)
        .put("wall_s", wallS, 2)
        .put("speedup_vs_realtime", Math.round(speedup))
        .put("events", result.counters().events())
        .put("events_per_s", Math.round(result.counters().events() / wallS))
        .put("peak_heap_mb", peakHeapMb)
        .put("max_heap_mb", Runtime.getRuntime().maxMemory() >> 20)
        .put("mean_memory_allocated", memory, 2)
        .put("makespan_over_bound", overBound, 2)
        .put("scheduler_wall_share", schedulerShare, 2);
    json.group("baseline").put("name", "real time (Hadoop SLS replays at 1x)").put("speedup_vs_realtime", 1);
    return json.put("ratio_speedup_to_baseline", Math.round(speedup))
        .put("goal_speedup", goalSpeedup)
        .put("meets_goal", speedup >= goalSpeedup && memory >= 0.5 && overBound <= 1.5);
  }
}
