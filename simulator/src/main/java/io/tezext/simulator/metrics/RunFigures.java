package io.tezext.simulator.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The figures one run is judged by, computed from its raw records.
 *
 * <ul>
 *   <li>makespan: last DAG finish minus first DAG arrival;</li>
 *   <li>DAG completion time: finish minus arrival, over succeeded DAGs; median is the middle value
 *       (mean of the two middle ones for an even count), p95 the nearest-rank percentile;</li>
 *   <li>lower bound: the larger of the latest (arrival + critical path) minus the first arrival, and
 *       the DAGs' memory-weighted work divided by the cluster's memory — no scheduler can beat it;</li>
 *   <li>locality: shares of succeeded attempts that had a preference (HDFS input) and ran node-local,
 *       rack-local or off-switch;</li>
 *   <li>utilization: memory allocated to containers, and memory of containers running a task, each
 *       integrated over time and divided by the live cluster memory integrated over the same span
 *       (first arrival to the last AM's exit): exact, whatever the sampling interval;</li>
 *   <li>scheduler CPU: CPU time inside the scheduler's callbacks per simulated hour (host-dependent).</li>
 * </ul>
 */
public record RunFigures(List<Figure> figures) {

  public static RunFigures of(RunResult r) {
    List<DagRecord> ok = r.dags().stream().filter(DagRecord::succeeded).toList();
    long[] completion = ok.stream().mapToLong(DagRecord::completionMs).sorted().toArray();
    long firstArrival = r.dags().stream().mapToLong(DagRecord::arrivalMs).min().orElse(0);
    long lastFinish = r.dags().stream().mapToLong(DagRecord::finishMs).max().orElse(0);
    long makespan = lastFinish - firstArrival;
    long pathBound = r.dags().stream().mapToLong(d -> d.arrivalMs() + d.criticalPathMs()).max().orElse(0)
        - firstArrival;
    long workBound = r.capacity().memoryMb() == 0 ? 0
        : r.dags().stream().mapToLong(DagRecord::workMbMs).sum() / r.capacity().memoryMb();
    long lowerBound = Math.max(pathBound, workBound);

    RunCounters c = r.counters();
    long withPreference = c.nodeLocal() + c.rackLocal() + c.offSwitch();
    double simulatedHours = c.simulatedMs() / 3_600_000.0;
    double wallSeconds = r.costs().wallNanos() / 1e9;

    List<Figure> f = new ArrayList<>();
    f.add(new Figure("dags", "DAGs", "", r.dags().size(), true));
    f.add(new Figure("dags_failed", "DAGs failed", "", r.dags().size() - ok.size(), false));
    f.add(new Figure("tasks_succeeded", "tasks succeeded", "", c.tasksSucceeded(), true));
    f.add(new Figure("attempts", "task attempts", "", c.attempts(), false));
    f.add(new Figure("makespan_s", "makespan", "s", makespan / 1000.0, false));
    f.add(new Figure("dag_mean_s", "DAG time, mean", "s", mean(completion) / 1000.0, false));
    f.add(new Figure("dag_median_s", "DAG time, median", "s", median(completion) / 1000.0, false));
    f.add(new Figure("dag_p95_s", "DAG time, p95", "s", nearestRank(completion, 0.95) / 1000.0, false));
    f.add(new Figure("lower_bound_s", "makespan lower bound", "s", lowerBound / 1000.0, false));
    f.add(new Figure("makespan_over_bound", "makespan / lower bound", "x",
        lowerBound == 0 ? 0 : (double) makespan / lowerBound, false));
    f.add(new Figure("node_local", "node-local", "%", share(c.nodeLocal(), withPreference), true));
    f.add(new Figure("rack_local", "rack-local", "%", share(c.rackLocal(), withPreference), false));
    f.add(new Figure("off_switch", "off-switch", "%", share(c.offSwitch(), withPreference), false));
    f.add(new Figure("containers_launched", "containers launched", "", c.containersLaunched(), false));
    f.add(new Figure("containers_reused", "tasks in reused containers", "", c.containersReused(), true));
    f.add(new Figure("preemptions_am", "preemptions by the AM", "", c.amPreemptions(), false));
    f.add(new Figure("preemptions_rm", "preemptions by the RM", "", c.rmPreemptions(), false));
    f.add(new Figure("work_lost_task_s", "work lost", "task-s", c.workLostMs() / 1000.0, false));
    f.add(new Figure("work_preempted_task_s", "work lost to AM preemption", "task-s", c.workPreemptedMs() / 1000.0,
        false));
    f.add(new Figure("waiting_in_containers_task_s", "waiting for producers in containers", "task-s",
        c.waitingInContainersMs() / 1000.0, false));
    f.add(new Figure("memory_allocated", "memory allocated, mean", "%",
        share(c.allocatedMbMs(), c.capacityMbMs()), true));
    f.add(new Figure("memory_busy", "memory running tasks, mean", "%", share(c.busyMbMs(), c.capacityMbMs()), true));
    f.add(new Figure("scheduler_cpu_ms_per_sim_hour", "scheduler CPU per simulated hour", "ms",
        simulatedHours == 0 ? 0 : r.costs().schedulerCpuNanos() / 1e6 / simulatedHours, false));
    f.add(new Figure("simulated_hours", "simulated time", "h", simulatedHours, true));
    f.add(new Figure("wall_s", "wall time", "s", wallSeconds, false));
    f.add(new Figure("speedup_vs_realtime", "speed vs real time", "x",
        wallSeconds == 0 ? 0 : c.simulatedMs() / 1000.0 / wallSeconds, true));
    f.add(new Figure("events_per_s", "events per second", "", wallSeconds == 0 ? 0 : c.events() / wallSeconds, true));
    return new RunFigures(List.copyOf(f));
  }

  /** Keys of figures measured on the host (they vary run to run); all others are reproducible. */
  public static final List<String> HOST_MEASURED =
      List.of("scheduler_cpu_ms_per_sim_hour", "wall_s", "speedup_vs_realtime", "events_per_s");

  public Figure get(String key) {
    return figures.stream().filter(f -> f.key().equals(key)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no figure " + key));
  }

  static double mean(long[] sorted) {
    return sorted.length == 0 ? 0 : Arrays.stream(sorted).average().orElse(0);
  }

  static double median(long[] sorted) {
    int n = sorted.length;
    if (n == 0) {
      return 0;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }

  static double nearestRank(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  private static double share(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }
}
