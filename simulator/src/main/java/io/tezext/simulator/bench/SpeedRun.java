package io.tezext.simulator.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

  static ObjectNode run(String benchmark, Scenario scenario, Workload workload, String scheduler,
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

    ObjectNode json = new ObjectMapper().createObjectNode();
    json.put("benchmark", benchmark);
    json.put("scheduler", scheduler);
    json.put("nodes", scenario.cluster().nodes().size());
    json.put("dags", result.dags().size());
    json.put("tasks", tasks);
    json.put("attempts", result.counters().attempts());
    json.put("tasks_per_wall_s", Math.round(tasks / wallS));
    json.put("simulated_hours", round(simulatedHours));
    json.put("wall_s", round(wallS));
    json.put("speedup_vs_realtime", Math.round(speedup));
    json.put("events", result.counters().events());
    json.put("events_per_s", Math.round(result.counters().events() / wallS));
    json.put("peak_heap_mb", peakHeapMb);
    json.put("max_heap_mb", Runtime.getRuntime().maxMemory() >> 20);
    json.put("mean_memory_allocated", round(memory));
    json.put("makespan_over_bound", round(overBound));
    json.put("scheduler_wall_share", round(schedulerShare));
    ObjectNode baseline = json.putObject("baseline");
    baseline.put("name", "real time (Hadoop SLS replays at 1x)");
    baseline.put("speedup_vs_realtime", 1);
    json.put("ratio_speedup_to_baseline", Math.round(speedup));
    json.put("goal_speedup", goalSpeedup);
    json.put("meets_goal", speedup >= goalSpeedup && memory >= 0.5 && overBound <= 1.5);
    return json;
  }

  static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
