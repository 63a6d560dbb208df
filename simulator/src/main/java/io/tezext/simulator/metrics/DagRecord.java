package io.tezext.simulator.metrics;

/**
 * One DAG as it ran. {@code criticalPathMs} is the longest chain of task durations through the DAG
 * (input initialization included): no scheduler can finish the DAG faster than that after it starts.
 * {@code workMs} is the sum of its task durations, {@code workMbMs} the same weighted by container
 * memory: what it asks of the cluster's capacity.
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
    long workMbMs,
    long criticalPathMs,
    boolean succeeded) {

  public long completionMs() {
    return finishMs - arrivalMs;
  }
}
