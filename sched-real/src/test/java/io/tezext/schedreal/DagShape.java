package io.tezext.schedreal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A DAG as the benchmark submits it, in Hive's shapes: vertices with a task count and a fixed amount
 * of work per task, edges by how data moves, and unions (Hive's {@code Union} vertices, which Tez
 * runs as a group of vertices feeding one consumer). A vertex that scans a table has a root input
 * whose initializer gives each task a location hint, as Hive's split generator does.
 *
 * @param name the DAG's name (the same in every run, so runs can be paired DAG by DAG)
 */
record DagShape(String name, List<VertexShape> vertices, List<EdgeShape> edges, List<UnionShape> unions) {
  /** Records each task writes to each of its outputs. */
  static final int ROWS_PER_OUTPUT = 10;
  /** Records each task of a scanning vertex reads from its table. */
  static final int ROWS_PER_SCAN = 100;

  DagShape {
    vertices = List.copyOf(vertices);
    edges = List.copyOf(edges);
    unions = List.copyOf(unions);
    List<String> names = vertices.stream().map(VertexShape::name).toList();
    List<String> referenced = new ArrayList<>();
    edges.forEach(e -> referenced.addAll(List.of(e.from(), e.to())));
    unions.forEach(u -> {
      referenced.addAll(u.members());
      referenced.add(u.to());
    });
    for (String r : referenced) {
      if (!names.contains(r)) {
        throw new IllegalArgumentException(name + " has no vertex " + r + " (it has " + names + ")");
      }
    }
  }

  /** How a vertex's tasks run. */
  record VertexShape(String name, int tasks, long workMs, boolean scansTable) {
    VertexShape {
      Objects.requireNonNull(name, "name");
      if (tasks <= 0 || workMs < 0) {
        throw new IllegalArgumentException(name + ": tasks must be positive and work not negative");
      }
    }
  }

  /** How data moves along an edge, as Hive plans it. */
  enum Movement { SHUFFLE, BROADCAST, ONE_TO_ONE }

  record EdgeShape(String from, String to, Movement movement) {
  }

  /** Hive's union: the members' outputs go, as one shuffled input, to {@code to}. */
  record UnionShape(String name, List<String> members, String to) {
    UnionShape {
      members = List.copyOf(members);
    }
  }

  VertexShape vertex(String name) {
    return vertices.stream().filter(v -> v.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(this.name + " has no vertex " + name));
  }

  /**
   * The records every vertex's tasks read in all, when every record crosses every edge once: a
   * scattered or one-to-one edge delivers each producer task's records once, a broadcast to every
   * consumer task, a table each scanning task's rows.
   */
  Map<String, Long> expectedRowsIn() {
    Map<String, Long> rows = new TreeMap<>();
    for (VertexShape v : vertices) {
      rows.put(v.name(), v.scansTable() ? (long) v.tasks() * ROWS_PER_SCAN : 0L);
    }
    for (EdgeShape e : edges) {
      long produced = (long) vertex(e.from()).tasks() * ROWS_PER_OUTPUT;
      long delivered = e.movement() == Movement.BROADCAST ? produced * vertex(e.to()).tasks() : produced;
      rows.merge(e.to(), delivered, Long::sum);
    }
    for (UnionShape u : unions) {
      for (String m : u.members()) {
        rows.merge(u.to(), (long) vertex(m).tasks() * ROWS_PER_OUTPUT, Long::sum);
      }
    }
    return rows;
  }

  /** Every task's work added up, in milliseconds. */
  long taskWorkMs() {
    return vertices.stream().mapToLong(v -> v.tasks() * v.workMs()).sum();
  }

  /** A small builder, so the catalogue reads like the plans Hive prints. */
  static Builder named(String name) {
    return new Builder(name);
  }

  static final class Builder {
    private final String name;
    private final List<VertexShape> vertices = new ArrayList<>();
    private final List<EdgeShape> edges = new ArrayList<>();
    private final List<UnionShape> unions = new ArrayList<>();

    private Builder(String name) {
      this.name = name;
    }

    /** A map vertex scanning a table: a root input, a location hint per task. */
    Builder scan(String vertex, int tasks, long workMs) {
      vertices.add(new VertexShape(vertex, tasks, workMs, true));
      return this;
    }

    /** A reducer: its input comes over edges only. */
    Builder reduce(String vertex, int tasks, long workMs) {
      vertices.add(new VertexShape(vertex, tasks, workMs, false));
      return this;
    }

    Builder edge(String from, String to, Movement movement) {
      edges.add(new EdgeShape(from, to, movement));
      return this;
    }

    Builder union(String union, String to, String... members) {
      unions.add(new UnionShape(union, List.of(members), to));
      return this;
    }

    DagShape build() {
      return new DagShape(name, vertices, edges, unions);
    }
  }
}
