package io.tezext.simulator.am;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.VertexSpec;

/** A vertex at run time: its tasks, its edges, its Tez priority, and how far it has got. */
final class SimVertex {
  final SimDag dag;
  final int index;
  final VertexSpec spec;
  final SimTask[] tasks;
  final List<SimVertex> producers = new ArrayList<>();
  final List<DataMovement> producerMovements = new ArrayList<>();
  final List<SimVertex> consumers = new ArrayList<>();
  int distanceFromRoot;
  /** Its input initializers have run (at once without a root input): Tez's INITED. */
  boolean initialized;
  /** Initialized, and every producer has started: Tez starts the vertex and its manager may schedule tasks. */
  boolean started;
  int scheduled;
  /** No task below this index is waiting to be scheduled (VertexStartPolicy's cursor). */
  int firstUnscheduled;
  int succeeded;
  long completedMs = -1;

  SimVertex(SimDag dag, int index, VertexSpec spec) {
    this.dag = dag;
    this.index = index;
    this.spec = spec;
    this.tasks = new SimTask[spec.parallelism()];
    for (int i = 0; i < tasks.length; i++) {
      tasks[i] = new SimTask(this, i, spec.tasks().get(i));
    }
  }

  boolean isRoot() {
    return producers.isEmpty();
  }

  /** Reads data from outside the DAG (a table, files): initialized by the AM before it can run. */
  boolean hasRootInput() {
    return spec.input() != InputStorage.NONE || producers.isEmpty();
  }

  boolean isComplete() {
    return succeeded == tasks.length;
  }

  /**
   * The producer task whose container task {@code index} of this vertex should run next to: Tez's
   * InputReadyVertexManager hints a one-to-one consumer to its source task, and the AM then asks the
   * scheduler for that task's container. Null without a one-to-one input or a finished source task.
   */
  SimTask affinityFor(int index) {
    for (int i = 0; i < producers.size(); i++) {
      if (producerMovements.get(i) == DataMovement.ONE_TO_ONE) {
        SimTask source = producers.get(i).tasks[index];
        return source.succeeded && source.outputContainer != null ? source : null;
      }
    }
    return null;
  }

  /**
   * Tez's natural-order priority ({@code DAGSchedulerNaturalOrder}): the low limit is
   * (distanceFromRoot + 1) * vertices * 3 + vertexId * 3; first attempts ask at low - 1, retries at
   * low - 2 (tez.task.reschedule.higher.priority). Lower numbers are served first.
   */
  int priority(boolean retry) {
    int low = (distanceFromRoot + 1) * dag.vertices.length * 3 + index * 3;
    return retry ? low - 2 : low - 1;
  }

  /** Reads a broadcast input: Hive's map join loads it whole (its hash table) before doing any work. */
  boolean readsBroadcast() {
    return producerMovements.contains(DataMovement.BROADCAST);
  }

  /** Reads a scatter-gather input: it fetches while its producers run and finishes after the last one. */
  boolean readsShuffle() {
    return producerMovements.contains(DataMovement.SCATTER_GATHER);
  }

  /** Every broadcast producer is complete. */
  boolean broadcastsComplete() {
    for (int i = 0; i < producers.size(); i++) {
      if (producerMovements.get(i) == DataMovement.BROADCAST && !producers.get(i).isComplete()) {
        return false;
      }
    }
    return true;
  }

  /** Every producer is complete. */
  boolean allProducersComplete() {
    for (SimVertex p : producers) {
      if (!p.isComplete()) {
        return false;
      }
    }
    return true;
  }

  /** The latest completion among producers, once all are done. */
  long producersCompletedMs() {
    long t = 0;
    for (SimVertex p : producers) {
      t = Math.max(t, p.completedMs);
    }
    return t;
  }
}
