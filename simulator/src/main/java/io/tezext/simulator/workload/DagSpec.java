package io.tezext.simulator.workload;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A DAG: vertices in a topological order and the edges between them. Construction checks the edges
 * name known vertices, that one-to-one edges join vertices of equal parallelism, and that there is
 * no cycle, so everything downstream can trust the shape.
 */
public record DagSpec(String name, List<VertexSpec> vertices, List<EdgeSpec> edges) {

  public DagSpec {
    vertices = List.copyOf(vertices);
    edges = List.copyOf(edges);
    if (vertices.isEmpty()) {
      throw new IllegalArgumentException("DAG " + name + " has no vertices");
    }
    Map<String, VertexSpec> byName = new HashMap<>();
    for (VertexSpec v : vertices) {
      if (byName.put(v.name(), v) != null) {
        throw new IllegalArgumentException("DAG " + name + " has two vertices named " + v.name());
      }
    }
    java.util.Set<String> pairs = new java.util.HashSet<>();
    for (EdgeSpec e : edges) {
      if (!pairs.add(e.from() + "\u0000" + e.to())) {
        throw new IllegalArgumentException("DAG " + name + ": two edges from " + e.from() + " to " + e.to()
            + "; Tez joins two vertices by one edge");
      }
      VertexSpec from = byName.get(e.from());
      VertexSpec to = byName.get(e.to());
      if (from == null || to == null) {
        throw new IllegalArgumentException("DAG " + name + ": edge " + e.from() + " -> " + e.to()
            + " names an unknown vertex (known: " + byName.keySet() + ")");
      }
      if (e.movement() == DataMovement.ONE_TO_ONE && from.parallelism() != to.parallelism()) {
        throw new IllegalArgumentException("DAG " + name + ": one-to-one edge " + e.from() + " -> " + e.to()
            + " joins parallelism " + from.parallelism() + " to " + to.parallelism());
      }
    }
    vertices = topologicalOrder(name, vertices, edges);
  }

  /**
   * Kahn's algorithm, stable in the given order (and finding cycles). Not the vertex ids a run uses:
   * the simulator's AM numbers vertices as Tez's client does ({@code TezVertexIds}).
   */
  private static List<VertexSpec> topologicalOrder(String dag, List<VertexSpec> vertices, List<EdgeSpec> edges) {
    Map<String, Integer> inDegree = new HashMap<>();
    Map<String, List<String>> out = new HashMap<>();
    for (VertexSpec v : vertices) {
      inDegree.put(v.name(), 0);
      out.put(v.name(), new ArrayList<>());
    }
    for (EdgeSpec e : edges) {
      inDegree.merge(e.to(), 1, Integer::sum);
      out.get(e.from()).add(e.to());
    }
    Map<String, VertexSpec> byName = new HashMap<>();
    vertices.forEach(v -> byName.put(v.name(), v));
    Deque<String> ready = new ArrayDeque<>();
    for (VertexSpec v : vertices) {
      if (inDegree.get(v.name()) == 0) {
        ready.add(v.name());
      }
    }
    List<VertexSpec> ordered = new ArrayList<>(vertices.size());
    while (!ready.isEmpty()) {
      String v = ready.poll();
      ordered.add(byName.get(v));
      for (String next : out.get(v)) {
        if (inDegree.merge(next, -1, Integer::sum) == 0) {
          ready.add(next);
        }
      }
    }
    if (ordered.size() != vertices.size()) {
      throw new IllegalArgumentException("DAG " + dag + " has a cycle");
    }
    return List.copyOf(ordered);
  }

  /** The same DAG with every vertex asking for its largest container, as Hive asks one size for a query. */
  public DagSpec withOneContainerSize() {
    int memoryMb = 0;
    int vcores = 0;
    for (VertexSpec v : vertices) {
      memoryMb = Math.max(memoryMb, v.memoryMb());
      vcores = Math.max(vcores, v.vcores());
    }
    List<VertexSpec> sized = new ArrayList<>(vertices.size());
    for (VertexSpec v : vertices) {
      sized.add(new VertexSpec(v.name(), memoryMb, vcores, v.input(), v.inputInitMs(), v.tasks()));
    }
    return new DagSpec(name, sized, edges);
  }

  public int taskCount() {
    int n = 0;
    for (VertexSpec v : vertices) {
      n += v.parallelism();
    }
    return n;
  }

  public long workMs() {
    long sum = 0;
    for (VertexSpec v : vertices) {
      sum = Math.min(Long.MAX_VALUE / 2, sum + v.workMs());
    }
    return sum;
  }

  /** Task time weighted by container memory, in MB x ms (saturating: it never wraps to a negative). */
  public long workMbMs() {
    long sum = 0;
    for (VertexSpec v : vertices) {
      long product = v.workMs() * v.memoryMb();
      long weighted = Math.multiplyHigh(v.workMs(), v.memoryMb()) != 0 || product < 0 ? Long.MAX_VALUE / 2
          : Math.min(Long.MAX_VALUE / 2, product);
      sum = Math.min(Long.MAX_VALUE / 2, sum + weighted);
    }
    return sum;
  }
}
