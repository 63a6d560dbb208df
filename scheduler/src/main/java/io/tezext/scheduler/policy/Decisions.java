package io.tezext.scheduler.policy;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;

import io.tezext.scheduler.requests.PendingRequest;

/**
 * What the scheduling policy decides, for its adapter to carry out: the policy owns no YARN client,
 * thread or clock. The Tez adapter makes the AM callbacks outside its lock, in the order decided.
 */
public interface Decisions {
  /**
   * Run {@code task} in {@code container} (Tez's {@code taskAllocated}, task and cookie as given);
   * {@code reused}: the container ran a task before (Tez counts it).
   */
  void assign(Object task, Object cookie, Container container, boolean reused);

  /** Ask YARN for a container for this request. */
  void ask(PendingRequest request);

  /** Withdraw the YARN ask of this request. */
  void withdraw(PendingRequest request);

  /** Hand a container back to YARN; {@code ranTasks}: the AM launched it (Tez's {@code containerBeingReleased}). */
  void release(ContainerId container, boolean ranTasks);

  /** Have the AM preempt the task in this container (Tez's {@code preemptContainer}). */
  void preempt(ContainerId container);

  /** YARN ended a container that had run {@code task} last (Tez's {@code containerCompleted}). */
  void containerCompleted(Object task, ContainerStatus status);

  /** Call {@link SchedulingPolicy#wake} at {@code timeMs} or later (replaces any earlier request). */
  void wakeAt(long timeMs);
}
