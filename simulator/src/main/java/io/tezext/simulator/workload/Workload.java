package io.tezext.simulator.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the simulator replays: DAG submissions in arrival order, whether a trace reader or the
 * synthetic generator produced them. {@code notes} carries what the producer wants the report to
 * say about fidelity (for example, that data locations were synthesized).
 */
public record Workload(String name, List<DagSubmission> submissions, List<String> notes) {

  public Workload {
    List<DagSubmission> sorted = new ArrayList<>(submissions);
    sorted.sort(Comparator.comparingLong(DagSubmission::arrivalMs));
    Set<String> ids = new HashSet<>();
    for (DagSubmission s : sorted) {
      if (!ids.add(s.id())) {
        throw new IllegalArgumentException("workload " + name + " has two DAGs with id " + s.id());
      }
    }
    submissions = List.copyOf(sorted);
    notes = List.copyOf(notes);
  }

  public int taskCount() {
    int n = 0;
    for (DagSubmission s : submissions) {
      n += s.dag().taskCount();
    }
    return n;
  }
}
