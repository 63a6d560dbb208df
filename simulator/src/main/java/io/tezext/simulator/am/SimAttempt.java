package io.tezext.simulator.am;

import io.tezext.simulator.engine.ScheduledEvent;
import io.tezext.simulator.metrics.Locality;

/**
 * One task attempt: the object handed to the scheduler as the "task" (and returned unchanged in
 * {@code taskAllocated}), carrying where it runs and when.
 */
final class SimAttempt {
  enum State { REQUESTED, ASSIGNED, RUNNING, ENDED }

  private final int hash;
  final SimTask task;
  final int number;
  final long requestedMs;
  State state = State.REQUESTED;
  long containerId = -1;
  String host;
  long assignedMs = -1;
  long startMs = -1;
  long durationMs;
  boolean reused;
  Locality locality = Locality.ANY;
  /** The attempt's work is done but it waits for its producers to finish (shuffle tail). */
  boolean waitingForInputs;
  ScheduledEvent pending;

  SimAttempt(SimTask task, int number, long requestedMs) {
    this.task = task;
    this.number = number;
    this.requestedMs = requestedMs;
    this.hash = Long.hashCode(Seeds.mix(task.vertex.dag.submission.id().hashCode(), task.vertex.index, task.index,
        number));
  }

  /**
   * Schedulers keep attempts in hash maps; a hash from the attempt's identity (DAG, vertex, task,
   * attempt number) keeps those fast and their order reproducible, which identity hashes are not.
   */
  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  SimVertex vertex() {
    return task.vertex;
  }

  @Override
  public String toString() {
    return "attempt_" + task.vertex.dag.submission.id() + "_" + task.vertex.index + "_" + task.index + "_" + number;
  }
}
