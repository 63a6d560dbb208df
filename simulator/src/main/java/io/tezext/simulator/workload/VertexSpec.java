package io.tezext.simulator.workload;

import java.util.List;

/**
 * A vertex: its container size, its root input (if any) with the time the AM spends initializing
 * it (split generation), and its tasks.
 */
public record VertexSpec(String name, int memoryMb, int vcores, InputStorage input, long inputInitMs,
    List<TaskSpec> tasks) {

  public VertexSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("vertex name must not be empty");
    }
    if (memoryMb <= 0 || vcores <= 0) {
      throw new IllegalArgumentException("vertex " + name + ": memoryMb and vcores must be positive, were "
          + memoryMb + " and " + vcores);
    }
    if (input == null) {
      input = InputStorage.NONE;
    }
    Workload.checkedTime("vertex " + name + ": inputInitMs", inputInitMs);
    tasks = List.copyOf(tasks);
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("vertex " + name + " has no tasks");
    }
  }

  public int parallelism() {
    return tasks.size();
  }

  /** Total task time when every read is local: the work this vertex brings to the cluster. */
  public long workMs() {
    long sum = 0;
    for (TaskSpec t : tasks) {
      sum = Math.min(Long.MAX_VALUE / 2, sum + t.durationMs()); // each is at most 2^50: saturates, never wraps
    }
    return sum;
  }
}
