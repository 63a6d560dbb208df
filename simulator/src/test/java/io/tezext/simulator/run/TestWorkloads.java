package io.tezext.simulator.run;


import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/** Small, hand-readable clusters and DAGs for tests. */
final class TestWorkloads {
  static final AmSettings AM = AmSettings.DEFAULTS;

  private TestWorkloads() {
  }

  static ClusterSpec cluster(int racks, int nodesPerRack, int memoryMb) {
    return ClusterSpec.uniform(racks, nodesPerRack, memoryMb, 16, List.of(), YarnSettings.DEFAULTS);
  }

  static Scenario scenario(ClusterSpec cluster) {
    return new Scenario(cluster, AM, Failures.NONE, 42, 10_000);
  }

  static List<TaskSpec> tasks(int n, long durationMs) {
    List<TaskSpec> tasks = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      tasks.add(TaskSpec.of(durationMs + i * 37L));
    }
    return tasks;
  }

  /** Map (n tasks) scatter-gather into Reducer (r tasks). */
  static DagSpec mapReduce(String name, int maps, int reducers, long durationMs) {
    return new DagSpec(name, List.of(
        new VertexSpec("Map 1", 1024, 1, InputStorage.NONE, 500, tasks(maps, durationMs)),
        new VertexSpec("Reducer 2", 1024, 1, InputStorage.NONE, 0, tasks(reducers, durationMs))),
        List.of(new EdgeSpec("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER)));
  }

  static Workload workload(DagSubmission... submissions) {
    return new Workload("test", List.of(submissions), List.of());
  }

  static DagSubmission at(long arrivalMs, String id, DagSpec dag) {
    return new DagSubmission(id, arrivalMs, "default", null, dag);
  }

  static RunResult run(Scenario scenario, Workload workload) {
    return new Simulation(scenario, workload, SchedulerSpec.parse("dagaware"), true, Simulation.ProgressListener.NONE).run();
  }

  static Scenario withQueues(ClusterSpec c, List<QueueSpec> queues, boolean preemption) {
    YarnSettings y = c.yarn();
    YarnSettings yarn = y.with(YarnSettings.PREEMPTION, preemption).with(YarnSettings.MAX_AM_SHARE_PERCENT, 50.0);
    return scenario(new ClusterSpec(c.nodes(), queues, yarn));
  }

  static Scenario withTezConf(Scenario s, Map<String, String> conf) {
    return new Scenario(s.cluster(), s.am().withTezConf(conf), s.failures(), s.seed(), s.sampleIntervalMs());
  }
}
