package io.tezext.simulator.am;

import org.apache.hadoop.yarn.api.records.ContainerId;

import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.engine.ScheduledEvent;
import io.tezext.simulator.metrics.Locality;

/**
 * One task attempt: the object handed to the scheduler as the "task" (and returned unchanged in
 * {@code taskAllocated}), carrying where it runs and when. Only {@link AttemptLifecycle} changes it.
 */
final class SimAttempt {
  /** An attempt's states, in the order it can go through them; it can end from any of them. */
  enum State {
    /** Asked of the scheduler, waiting for a container. */
    REQUESTED,
    /** Holds a container; the task is being launched in it (JVM start, or a reused JVM). */
    LAUNCHING,
    /** Launched; waits for its broadcast inputs to be complete before any work (a map join's hash table). */
    AWAITING_BROADCAST,
    /** Doing its work. */
    RUNNING,
    /** Its own work is done, but it reads a producer that has not finished (a shuffle). */
    AWAITING_INPUTS,
    /** Every producer has finished; it fetches the rest of its input (the shuffle tail). */
    FETCHING,
    ENDED
  }

  private final int hash;
  final SimTask task;
  final int number;
  final long requestedMs;
  State state = State.REQUESTED;
  long containerId = -1;
  /** The container's id as YARN gave it to the AM (the scheduler keys its containers by it). */
  ContainerId containerIdRecord;
  /** The RM's record of the container, once assigned (completed when YARN ended it). */
  RmContainer container;
  String host;
  long assignedMs = -1;
  long startMs = -1;
  long durationMs;
  /** Time spent in this container waiting for producers (not working), up to {@link #waitingSinceMs}. */
  long waitedMs;
  /** When the current wait for producers began; -1 while not waiting. */
  long waitingSinceMs = -1;
  boolean reused;
  Locality locality = Locality.ANY;
  /** The next event of this attempt's life (launch done, work done, tail done), cancelled if it ends early. */
  ScheduledEvent pending;

  SimAttempt(SimTask task, int number, long requestedMs) {
    this.task = task;
    this.number = number;
    this.requestedMs = requestedMs;
    this.hash = Long.hashCode(Seeds.mix(task.vertex.dag.submission.id().hashCode(), task.vertex.index, task.index,
        number));
  }

  /** Moves to {@code next}; the attempt must be in {@code expected}. */
  void moveTo(State next, State expected) {
    if (state != expected) {
      throw new IllegalStateException(this + " cannot go to " + next + " from " + state + " (expected " + expected
          + ")");
    }
    state = next;
  }

  /** Starts a wait for producers at {@code nowMs}. */
  void startWaiting(long nowMs) {
    waitingSinceMs = nowMs;
  }

  /** Ends the current wait for producers, if any, at {@code nowMs}. */
  void stopWaiting(long nowMs) {
    if (waitingSinceMs >= 0) {
      waitedMs += nowMs - waitingSinceMs;
      waitingSinceMs = -1;
    }
  }

  boolean holdsContainer() {
    return state != State.REQUESTED && state != State.ENDED;
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
