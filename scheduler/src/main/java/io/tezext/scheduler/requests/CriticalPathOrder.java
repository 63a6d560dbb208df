package io.tezext.scheduler.requests;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Among a DAG's vertices at one distance from its roots, serves first the one with the longest
 * chain of consumers below it. Tez's natural order ({@code DAGScheduler.getPriorityLowLimit}) gives
 * a vertex the priority {@code (distance + 1) * 3n + 3 * vertexId} for a DAG of {@code n} vertices
 * (distance: the longest path from a root; a retry asks up to 2 less): every vertex at one distance
 * before any further down, and among them by id. Tez's client numbers vertices in a depth-first
 * order over hash maps of their names, so that tie-break is as good as arbitrary: the scan that
 * feeds a deep join's last step can come before the scans of its first. This keeps the distances
 * and hands the same priorities out again within each, by height (the most vertices on a path down
 * to a sink), then id; a retry keeps its offset. Vertices at one distance have no edge between
 * them, so every vertex still comes after its ancestors. A priority that does not decode by Tez's
 * rule (another DAG scheduler) is left as it is.
 */
public final class CriticalPathOrder {
  /** Tez's priorities as they are. */
  public static final CriticalPathOrder TEZ = new CriticalPathOrder(new int[0], new int[0]);

  private final int[] distance;
  /** Each vertex's first attempts' priority in the order served. */
  private final int[] priority;

  private CriticalPathOrder(int[] distance, int[] priority) {
    this.distance = distance;
    this.priority = priority;
  }

  /** Tez's priority of a first attempt of vertex {@code v} at {@code distance} in a DAG of {@code n} vertices. */
  private static int tezPriority(int distance, int v, int n) {
    return (distance + 1) * 3 * n + 3 * v;
  }

  public static CriticalPathOrder of(DagShape dag) {
    int n = dag.vertices();
    BitSet[] below = new BitSet[n];
    for (int v = 0; v < n; v++) {
      below[v] = (BitSet) dag.descendants(v).clone();
      below[v].clear(v);
      if (below[v].length() > n) {
        below[v].clear(n, below[v].length());
      }
    }
    // A descendant has fewer descendants than its ancestors: in that order each height is known when
    // needed, and in the reverse order each distance.
    Integer[] topDown = IntStream.range(0, n).boxed().toArray(Integer[]::new);
    Arrays.sort(topDown, Comparator.comparingInt(v -> -below[v].cardinality()));
    int[] height = new int[n];
    int[] distance = new int[n];
    for (int i = n - 1; i >= 0; i--) {
      int v = topDown[i];
      below[v].stream().forEach(d -> height[v] = Math.max(height[v], height[d] + 1));
    }
    for (int v : topDown) {
      below[v].stream().forEach(d -> distance[d] = Math.max(distance[d], distance[v] + 1));
    }
    Integer[] served = IntStream.range(0, n).boxed().toArray(Integer[]::new);
    Arrays.sort(served, Comparator.<Integer>comparingInt(v -> distance[v]).thenComparingInt(v -> -height[v])
        .thenComparingInt(v -> v));
    // The vertices' own priorities, handed out again in the new order: the same numbers as Tez's.
    int[] slots = IntStream.range(0, n).map(v -> tezPriority(distance[v], v, n)).sorted().toArray();
    int[] priority = new int[n];
    for (int place = 0; place < n; place++) {
      priority[served[place]] = slots[place];
    }
    return new CriticalPathOrder(distance, priority);
  }

  /** The priority a task of {@code vertex} that Tez asked at {@code tezPriority} waits at. */
  public int priority(int vertex, int tezPriority) {
    int n = priority.length;
    if (vertex < 0 || vertex >= n) {
      return tezPriority;
    }
    int retryOffset = tezPriority - tezPriority(distance[vertex], vertex, n);
    if (retryOffset < -2 || retryOffset > 0) {
      return tezPriority;
    }
    return priority[vertex] + retryOffset;
  }
}
