package io.tezext.simulator.metrics;

/**
 * One task attempt as it happened: when the scheduler asked for it, when a container was assigned,
 * when the task's work started (after any container launch) and ended, where, and how it ended.
 */
public record AttemptRecord(
    String dagId,
    String vertex,
    int task,
    int attempt,
    long containerId,
    String host,
    long requestedMs,
    long assignedMs,
    long startMs,
    long endMs,
    Locality locality,
    boolean reusedContainer,
    AttemptOutcome outcome) {
}
