package io.tezext.simulator.workload.tezhistory;

import java.util.Arrays;
import java.util.List;

import io.tezext.simulator.workload.Workload;

/**
 * What a history file says beyond the workload: how each DAG actually ran, and the launch latencies
 * its task attempts saw, from which the simulator's model can be calibrated (not the other way round).
 *
 * @param coldLaunchMs from container assignment to task start, for an attempt that was the first in
 *     its container (a new JVM)
 * @param warmLaunchMs the same for attempts in a reused container
 */
public record RecordedHistory(Workload workload, List<RecordedRun> runs, long[] coldLaunchMs, long[] warmLaunchMs) {

  /** One DAG's recorded run: from the AM starting it to its end. */
  public record RecordedRun(String dagId, long startMs, long endMs) {
    public long runtimeMs() {
      return endMs - startMs;
    }
  }

  /** The median cold launch latency, or {@code fallback} when no attempt started a container. */
  public long medianColdLaunchMs(long fallback) {
    return median(coldLaunchMs, fallback);
  }

  public long medianWarmLaunchMs(long fallback) {
    return median(warmLaunchMs, fallback);
  }

  private static long median(long[] values, long fallback) {
    if (values.length == 0) {
      return fallback;
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
