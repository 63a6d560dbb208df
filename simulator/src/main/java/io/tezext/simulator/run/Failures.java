package io.tezext.simulator.run;

import java.util.List;

/**
 * Failures injected into a run: nodes lost at given times, and a probability that a task attempt's
 * container dies partway through (drawn per attempt from the seed, identically for every scheduler).
 */
public record Failures(List<NodeLoss> nodeLosses, double containerFailureProbability) {
  public static final Failures NONE = new Failures(List.of(), 0);

  public Failures {
    nodeLosses = List.copyOf(nodeLosses);
    if (containerFailureProbability < 0 || containerFailureProbability >= 1) {
      throw new IllegalArgumentException("failures.containerFailureProbability must be in [0, 1), was "
          + containerFailureProbability);
    }
  }

  /** The NodeManager on {@code host} is lost at {@code atMs}. */
  public record NodeLoss(String host, long atMs) {
    public NodeLoss {
      if (atMs < 0) {
        throw new IllegalArgumentException("node loss of " + host + " must be at >= 0 ms, was " + atMs);
      }
    }
  }
}
