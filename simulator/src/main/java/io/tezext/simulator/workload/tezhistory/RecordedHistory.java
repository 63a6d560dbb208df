package io.tezext.simulator.workload.tezhistory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/**
 * What a history file says beyond the workload: how each DAG actually ran, how its task attempts
 * launched, and the AM-side Tez keys the application ran with. The simulator's model is calibrated
 * from these (not the other way round).
 *
 * @param workload the recorded DAGs, each task lasting its successful attempt's recorded work
 * @param amConf the {@code tez.am.*} keys of the application's configuration (its scheduler's settings)
 */
public record RecordedHistory(Workload workload, List<RecordedRun> runs, RecordedLaunches launches,
    Map<String, String> amConf) {

  public RecordedHistory {
    runs = List.copyOf(runs);
    amConf = Map.copyOf(amConf);
  }

  /**
   * The workload with every task lasting what it would in a reused JVM: a task whose recorded attempt
   * ran in a new JVM loses {@code coldTaskPenaltyMs} (the simulator adds it back wherever the replay
   * puts the task in a new JVM, so a scheduler that reuses more is not charged the recording's cold starts).
   */
  public Workload inWarmJvms(long coldTaskPenaltyMs) {
    if (coldTaskPenaltyMs == 0) {
      return workload;
    }
    Set<String> cold = launches.tasksInNewJvms();
    List<DagSubmission> submissions = new ArrayList<>();
    for (DagSubmission s : workload.submissions()) {
      List<VertexSpec> vertices = new ArrayList<>();
      for (VertexSpec v : s.dag().vertices()) {
        List<TaskSpec> tasks = new ArrayList<>(v.parallelism());
        for (int t = 0; t < v.parallelism(); t++) {
          TaskSpec task = v.tasks().get(t);
          boolean ranCold = cold.contains(RecordedLaunches.taskKey(s.id(), v.name(), t));
          tasks.add(ranCold ? new TaskSpec(Math.max(0, task.durationMs() - coldTaskPenaltyMs), task.hosts()) : task);
        }
        vertices.add(new VertexSpec(v.name(), v.memoryMb(), v.vcores(), v.input(), v.inputInitMs(), tasks));
      }
      submissions.add(s.withDag(new DagSpec(s.dag().name(), vertices, s.dag().edges())));
    }
    return new Workload(workload.name(), submissions, workload.notes());
  }

  /**
   * One DAG's recorded run: from the AM starting it to its end, and its locality counters. Tez counts
   * an attempt with a location hint as data-local, rack-local or else other-local; a one-to-one
   * consumer's hint names its source task rather than hosts, so its {@code affinityTasks} always
   * count as other-local.
   */
  public record RecordedRun(String dagId, long startMs, long endMs, long dataLocalTasks, long rackLocalTasks,
      long otherLocalTasks, long affinityTasks) {
    public long runtimeMs() {
      return endMs - startMs;
    }

    /** Attempts that preferred hosts: the ones a locality comparison is about. */
    public long tasksPreferringHosts() {
      return Math.max(0, dataLocalTasks + rackLocalTasks + otherLocalTasks - affinityTasks);
    }
  }
}
