package io.tezext.simulator.workload;

import java.util.List;

/**
 * One task of a vertex: how long its work takes when it reads its input locally, and (for root
 * tasks reading HDFS) the hosts holding its input split.
 */
public record TaskSpec(long durationMs, List<String> hosts) {

  public TaskSpec {
    Workload.checkedTime("task duration", durationMs);
    hosts = List.copyOf(hosts);
  }

  public static TaskSpec of(long durationMs) {
    return new TaskSpec(durationMs, List.of());
  }
}
