package io.tezext.simulator.metrics;

/**
 * One DAG as it ran. {@code criticalPathMs} is the longest chain of task durations through the DAG
 * (input initialization included): no scheduler can finish the DAG faster than that after it starts.
 */
public record DagRecord(
    String id,
    String name,
    String queue,
    long arrivalMs,
    long startMs,
    long finishMs,
    int tasks,
    long workMs,
    long criticalPathMs,
    boolean succeeded) {

  public long completionMs() {
    return finishMs - arrivalMs;
  }
}
