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
  /**
   * The latest arrival, longest task or initialization, and most task time in all a workload may
   * have: 2^50 ms, about 35,000 years. The clock goes to 2^60 ms, so retries, locality penalties and
   * launches have room on top of any workload within this bound; past it a sum would overflow.
   */
  public static final long MAX_TIME_MS = 1L << 50;

  /** {@code ms} if it is a time in [0, {@link #MAX_TIME_MS}]; otherwise an error naming {@code field}. */
  public static long checkedTime(String field, long ms) {
    if (ms < 0 || ms > MAX_TIME_MS) {
      throw new IllegalArgumentException(field + " must be in [0, " + MAX_TIME_MS + "] ms (2^50 ms, about 35,000 "
          + "years: the simulator's clock bound), was " + ms);
    }
    return ms;
  }

  public Workload {
    List<DagSubmission> sorted = new ArrayList<>(submissions);
    sorted.sort(Comparator.comparingLong(DagSubmission::arrivalMs));
    Set<String> ids = new HashSet<>();
    for (DagSubmission s : sorted) {
      if (!ids.add(s.id())) {
        throw new IllegalArgumentException("workload " + name + " has two DAGs with id " + s.id());
      }
    }
    long total = sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1).arrivalMs();
    for (DagSubmission s : sorted) {
      total = Math.min(Long.MAX_VALUE / 2, total + s.dag().workMs() + Math.max(0, s.thinkMs()));
    }
    if (total > MAX_TIME_MS) {
      throw new IllegalArgumentException("workload " + name + ": the last arrival plus the task and think time of every DAG is "
          + total + " ms, more than the simulator's clock bound of " + MAX_TIME_MS + " ms (2^50 ms, about 35,000 years)");
    }
    submissions = List.copyOf(sorted);
    notes = List.copyOf(notes);
  }

  /** The same workload with each DAG asking one container size, its largest ({@link DagSpec#withOneContainerSize}). */
  public Workload withOneContainerSizePerDag() {
    List<DagSubmission> sized = new ArrayList<>(submissions.size());
    for (DagSubmission s : submissions) {
      sized.add(s.withDag(s.dag().withOneContainerSize()));
    }
    return new Workload(name, sized, notes);
  }

  public int taskCount() {
    int n = 0;
    for (DagSubmission s : submissions) {
      n += s.dag().taskCount();
    }
    return n;
  }
}
