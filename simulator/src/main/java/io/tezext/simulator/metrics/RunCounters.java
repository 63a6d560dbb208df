package io.tezext.simulator.metrics;

/**
 * Counts kept while the simulation runs.
 *
 * @param containersLaunched task containers started cold (a new JVM)
 * @param containersReused task attempts that ran in a container that had already run a task
 * @param amPreemptions containers the AM's scheduler preempted
 * @param rmPreemptions containers the ResourceManager preempted
 * @param workLostMs task time thrown away by preemption, failures and lost nodes
 * @param schedulerCpuNanos CPU time spent inside the scheduler under test (its callbacks)
 * @param events events the simulator processed
 * @param simulatedMs virtual time from the first arrival to the last event
 * @param wallNanos wall-clock time the run took
 */
public record RunCounters(
    long containersLaunched,
    long containersReused,
    long amPreemptions,
    long rmPreemptions,
    long workLostMs,
    long schedulerCpuNanos,
    long events,
    long simulatedMs,
    long wallNanos) {
}
