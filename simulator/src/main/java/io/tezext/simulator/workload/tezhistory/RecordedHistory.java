package io.tezext.simulator.workload.tezhistory;

import java.util.List;

import io.tezext.simulator.workload.Workload;

/**
 * What a history file says beyond the workload: how each DAG actually ran, and the launch latencies
 * its task attempts saw, from which the simulator's model can be calibrated (not the other way round).
 */
public record RecordedHistory(Workload workload, List<RecordedRun> runs, LaunchLatencies launches) {

  /** One DAG's recorded run: from the AM starting it to its end. */
  public record RecordedRun(String dagId, long startMs, long endMs) {
    public long runtimeMs() {
      return endMs - startMs;
    }
  }
}
