package io.tezext.simulator.metrics;

import java.util.List;

/**
 * Everything one scheduler's run over one workload produced. {@link RunFigures} derives the figures
 * the reports print; the raw records stay for reports that draw timelines.
 */
public record RunResult(
    String scheduler,
    String workload,
    long seed,
    ClusterCapacity capacity,
    List<DagRecord> dags,
    List<AttemptRecord> attempts,
    List<ContainerRecord> containers,
    List<UtilizationSample> utilization,
    RunCounters counters,
    List<String> notes) {

  public RunResult {
    dags = List.copyOf(dags);
    attempts = List.copyOf(attempts);
    containers = List.copyOf(containers);
    utilization = List.copyOf(utilization);
    notes = List.copyOf(notes);
  }
}
