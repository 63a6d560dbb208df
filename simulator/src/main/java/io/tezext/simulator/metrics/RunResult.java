package io.tezext.simulator.metrics;

import java.util.Collections;
import java.util.List;

/**
 * Everything one scheduler's run over one workload produced. {@link RunFigures} derives the figures
 * the reports print from the DAG records and the counters; the per-attempt and per-container records
 * are there for reports that list or draw them, and are empty when the run was told not to keep them
 * (a benchmark replaying millions of tasks).
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
    HostCosts costs,
    List<String> notes,
    RunHealth health) {

  public RunResult {
    dags = List.copyOf(dags);
    attempts = Collections.unmodifiableList(attempts); // millions in a big replay: not copied
    containers = Collections.unmodifiableList(containers);
    utilization = List.copyOf(utilization);
    notes = List.copyOf(notes);
  }
}
