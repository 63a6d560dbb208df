package io.tezext.simulator.am;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.workload.DataMovement;

/**
 * Which tasks of a started vertex may be scheduled now: the vertex manager Tez 0.10.5 assigns by
 * default ({@code VertexImpl#assignVertexManager}) and what it decides. A vertex starts once its own
 * input initializers have run and every producer has started ({@code VertexImpl}), which also
 * means every producer is configured (its task count known).
 * <ul>
 *   <li>a root input, whatever its other inputs (RootInputVertexManager, slow start off by default,
 *       {@code tez.root-input-vertex-manager.enable.slow-start}): every task once the vertex has
 *       started and its producers are configured, not when they complete: a map join's tasks then
 *       hold containers while the broadcast they load is produced;</li>
 *   <li>any one-to-one input (InputReadyVertexManager): nothing before every other input's vertex is
 *       complete; then task i once source task i of every one-to-one input is done;</li>
 *   <li>any scatter-gather input (ShuffleVertexManager): slow start on the least complete
 *       scatter-gather source, a share of tasks growing linearly from the min to the max fraction,
 *       rounded up, everything once all sources are done; broadcast inputs do not hold it back;</li>
 *   <li>broadcast inputs only (ImmediateStartVertexManager): every task at once.</li>
 * </ul>
 * A task scheduled before its inputs are complete holds its container and waits; see
 * {@link AttemptLifecycle}.
 */
final class VertexStartPolicy {
  private final float minFraction;
  private final float maxFraction;

  VertexStartPolicy(double minFraction, double maxFraction) {
    // Tez computes in float; so do we, so that the same fractions round the same way
    this.minFraction = (float) minFraction;
    this.maxFraction = (float) maxFraction;
  }

  /**
   * Tasks not yet scheduled that may be scheduled now, lowest index first.
   *
   * @param trigger the producer task whose success prompts the question, or null to consider
   *     everything (a one-to-one consumer then need only look at the task paired with it)
   */
  List<SimTask> ready(SimVertex v, SimTask trigger) {
    if (v.scheduled == v.tasks.length || !v.started) {
      return List.of();
    }
    if (v.hasRootInput()) {
      return unscheduled(v, v.tasks.length);
    }
    if (v.producerMovements.contains(DataMovement.ONE_TO_ONE)) {
      return inputReady(v, trigger);
    }
    if (v.producerMovements.contains(DataMovement.SCATTER_GATHER)) {
      return unscheduled(v, slowStartTarget(v));
    }
    return unscheduled(v, v.tasks.length);
  }

  private int slowStartTarget(SimVertex v) {
    float least = 1f;
    boolean allDone = true;
    for (int i = 0; i < v.producers.size(); i++) {
      SimVertex p = v.producers.get(i);
      if (v.producerMovements.get(i) == DataMovement.SCATTER_GATHER && p.tasks.length > 0) {
        least = Math.min(least, (float) p.succeeded / p.tasks.length);
        allDone &= p.isComplete();
      }
    }
    return allDone ? v.tasks.length : slowStartTarget(v.tasks.length, least);
  }

  /** Tasks to have scheduled when the least complete source has finished {@code fraction} of its tasks. */
  int slowStartTarget(int tasks, float fraction) {
    float share;
    if (maxFraction > minFraction) {
      share = (fraction - minFraction) / (maxFraction - minFraction);
    } else {
      share = fraction < minFraction ? 0f : 1f;
    }
    share = Math.max(0f, Math.min(1f, share));
    return (int) Math.ceil(share * tasks);
  }

  private static List<SimTask> inputReady(SimVertex v, SimTask trigger) {
    boolean pairedTrigger = false;
    for (int i = 0; i < v.producers.size(); i++) {
      if (v.producerMovements.get(i) != DataMovement.ONE_TO_ONE && !v.producers.get(i).isComplete()) {
        return List.of();
      }
      pairedTrigger |= trigger != null && v.producerMovements.get(i) == DataMovement.ONE_TO_ONE
          && v.producers.get(i) == trigger.vertex;
    }
    if (pairedTrigger) {
      SimTask paired = v.tasks[trigger.index];
      return !paired.scheduled && oneToOneSourcesDone(v, paired.index) ? List.of(paired) : List.of();
    }
    List<SimTask> ready = new ArrayList<>();
    for (SimTask t : v.tasks) {
      if (!t.scheduled && oneToOneSourcesDone(v, t.index)) {
        ready.add(t);
      }
    }
    return ready;
  }

  private static boolean oneToOneSourcesDone(SimVertex v, int taskIndex) {
    for (int i = 0; i < v.producers.size(); i++) {
      if (v.producerMovements.get(i) == DataMovement.ONE_TO_ONE
          && !v.producers.get(i).tasks[taskIndex].succeeded) {
        return false;
      }
    }
    return true;
  }

  private static List<SimTask> unscheduled(SimVertex v, int target) {
    int first = v.firstUnscheduled;
    while (first < v.tasks.length && v.tasks[first].scheduled) {
      first++;
    }
    v.firstUnscheduled = first; // tasks are mostly scheduled in order: no rescanning from 0
    List<SimTask> ready = new ArrayList<>();
    for (int i = first; i < v.tasks.length && v.scheduled + ready.size() < target; i++) {
      if (!v.tasks[i].scheduled) {
        ready.add(v.tasks[i]);
      }
    }
    return ready;
  }
}
