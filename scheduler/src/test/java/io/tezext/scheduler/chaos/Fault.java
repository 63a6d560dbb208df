package io.tezext.scheduler.chaos;

/** What goes wrong on the cluster while a DAG runs, once, at a time the run's seed draws. */
enum Fault {
  /** A NodeManager stops (its containers die with it; the RM hears it go). */
  NODE_MANAGER_STOPPED("node-manager-stopped"),
  /** The test kills a running task container's JVM (SIGKILL, as the OOM killer would). */
  CONTAINER_KILLED("container-killed"),
  /**
   * A second application in the other queue asks for its guaranteed share, and the RM's preemption
   * monitor takes containers of the session's DAG back.
   */
  QUEUE_PREEMPTED("queue-preempted"),
  /** The test kills the AM's JVM; YARN starts a second attempt, which recovers the DAG. */
  AM_KILLED("am-killed");

  private final String key;

  Fault(String key) {
    this.key = key;
  }

  String key() {
    return key;
  }

  /** The fault of seed {@code seed}: each in turn, so that any four seeds in a row cover them all. */
  static Fault ofSeed(long seed) {
    return values()[(int) Math.floorMod(seed, values().length)];
  }
}
