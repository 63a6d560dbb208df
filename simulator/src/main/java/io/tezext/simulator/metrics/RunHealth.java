package io.tezext.simulator.metrics;

/**
 * How a run ended, and what it left behind: the figures of the scheduler fault campaign
 * ({@code bench/run sched-faults}), defined as in docs/scheduler.md.
 *
 * @param end whether every DAG ended, or the run hung, or it ran out of simulated time
 * @param endMs when the run stopped
 * @param lostTasks tasks of DAGs that neither succeeded nor were reported failed when the run stopped
 * @param leakedContainers containers an AM still held when it exited that its scheduler had neither
 *     handed back nor run a task in
 */
public record RunHealth(End end, long endMs, long lostTasks, long leakedContainers) {

  /** How a run stopped. */
  public enum End {
    /** Every DAG succeeded or failed and every AM exited. */
    COMPLETED,
    /**
     * Tasks waited for containers while no task ran and nothing was allocated, started or finished
     * for a simulated hour (or nothing was left to happen at all).
     */
    HUNG,
    /** The run reached its simulated-time limit still making progress (a livelock, or a backlog). */
    TIMED_OUT
  }

  public boolean completed() {
    return end == End.COMPLETED;
  }
}
