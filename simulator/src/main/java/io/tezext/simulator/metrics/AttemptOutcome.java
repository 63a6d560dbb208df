package io.tezext.simulator.metrics;

/** How a task attempt ended. */
public enum AttemptOutcome {
  SUCCEEDED,
  /** The container failed under it (injected container failure). */
  FAILED,
  /** Its node was lost. */
  NODE_LOST,
  /** The AM's scheduler preempted its container to make room for a higher-priority task. */
  PREEMPTED_BY_AM,
  /** The ResourceManager preempted its container to give the queue's capacity back. */
  PREEMPTED_BY_RM,
  /** The DAG ended (or the attempt's output was lost) before it finished. */
  KILLED
}
