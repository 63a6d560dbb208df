package io.tezext.simulator.am;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.workload.DataMovement;

/**
 * Which tasks of a vertex may be scheduled now, as Tez's vertex managers decide it:
 * <ul>
 *   <li>nothing of a vertex with a root input before that input is initialized;</li>
 *   <li>a vertex without producers: all tasks (RootInputVertexManager);</li>
 *   <li>with scatter-gather inputs: ShuffleVertexManager slow start, after every other input is
 *       complete, a share of tasks growing linearly from the min to the max source fraction;</li>
 *   <li>with one-to-one inputs only (plus broadcast): task i once source task i is done
 *       (InputReadyVertexManager);</li>
 *   <li>with broadcast inputs only: all tasks once the sources are complete.</li>
 * </ul>
 */
final class VertexStartPolicy {
  private final double minFraction;
  private final double maxFraction;

  VertexStartPolicy(double minFraction, double maxFraction) {
    this.minFraction = minFraction;
    this.maxFraction = maxFraction;
  }

  /** Tasks not yet scheduled that may be scheduled now, lowest index first. */
  List<SimTask> ready(SimVertex v) {
    if (v.scheduled == v.tasks.length) {
      return List.of();
    }
    if (!v.initialized) {
      return List.of();
    }
    if (v.isRoot()) {
      return unscheduled(v, v.tasks.length);
    }
    long sgDone = 0;
    long sgTotal = 0;
    boolean oneToOne = false;
    for (int i = 0; i < v.producers.size(); i++) {
      SimVertex p = v.producers.get(i);
      DataMovement m = v.producerMovements.get(i);
      if (m == DataMovement.SCATTER_GATHER) {
        sgDone += p.succeeded;
        sgTotal += p.tasks.length;
      } else if (m == DataMovement.BROADCAST && !p.isComplete()) {
        return List.of();
      } else if (m == DataMovement.ONE_TO_ONE) {
        oneToOne = true;
      }
    }
    if (sgTotal > 0) {
      if (oneToOne && !oneToOneProducersComplete(v)) {
        return List.of();
      }
      return unscheduled(v, slowStartTarget(v.tasks.length, (double) sgDone / sgTotal));
    }
    if (oneToOne) {
      return oneToOneReady(v);
    }
    return unscheduled(v, v.tasks.length);
  }

  int slowStartTarget(int tasks, double fraction) {
    if (fraction >= maxFraction || fraction >= 1.0) {
      return tasks;
    }
    if (fraction < minFraction) {
      return 0;
    }
    double share = maxFraction == minFraction ? 1.0 : (fraction - minFraction) / (maxFraction - minFraction);
    return Math.max(1, (int) Math.ceil(tasks * share));
  }

  private static boolean oneToOneProducersComplete(SimVertex v) {
    for (int i = 0; i < v.producers.size(); i++) {
      if (v.producerMovements.get(i) == DataMovement.ONE_TO_ONE && !v.producers.get(i).isComplete()) {
        return false;
      }
    }
    return true;
  }

  private static List<SimTask> oneToOneReady(SimVertex v) {
    List<SimTask> ready = new ArrayList<>();
    for (SimTask t : v.tasks) {
      if (!t.scheduled && sourcesDone(v, t.index)) {
        ready.add(t);
      }
    }
    return ready;
  }

  private static boolean sourcesDone(SimVertex v, int taskIndex) {
    for (int i = 0; i < v.producers.size(); i++) {
      if (v.producerMovements.get(i) == DataMovement.ONE_TO_ONE
          && !v.producers.get(i).tasks[taskIndex].succeeded) {
        return false;
      }
    }
    return true;
  }

  private static List<SimTask> unscheduled(SimVertex v, int target) {
    List<SimTask> ready = new ArrayList<>();
    for (int i = 0; i < v.tasks.length && v.scheduled + ready.size() < target; i++) {
      if (!v.tasks[i].scheduled) {
        ready.add(v.tasks[i]);
      }
    }
    return ready;
  }
}
