package io.tezext.simulator.metrics;

/**
 * One task attempt as it happened: when the scheduler asked for it, when a container was assigned,
 * when the task started in it (after any container launch) and ended, how long of that it waited
 * for producers instead of working (a broadcast to load, the last shuffle producers), where, and how
 * it ended.
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
    long waitedMs,
    Locality locality,
    boolean reusedContainer,
    AttemptOutcome outcome) {

  /** Time it worked in its container: started to ended, less its waits for producers; 0 if it never started. */
  public long workMs() {
    return startMs < 0 ? 0 : endMs - startMs - waitedMs;
  }
}
