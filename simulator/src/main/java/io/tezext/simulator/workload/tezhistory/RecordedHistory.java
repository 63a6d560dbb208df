package io.tezext.simulator.workload.tezhistory;

import java.util.List;

import io.tezext.simulator.workload.Workload;

/**
 * What a history file says beyond the workload: how each DAG actually ran, and the launch latencies
 * its task attempts saw, from which the simulator's model can be calibrated (not the other way round).
 */
public record RecordedHistory(Workload workload, List<RecordedRun> runs, LaunchLatencies launches) {

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
