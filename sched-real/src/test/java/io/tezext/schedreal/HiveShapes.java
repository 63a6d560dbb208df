package io.tezext.schedreal;

import static io.tezext.schedreal.DagShape.Movement.BROADCAST;
import static io.tezext.schedreal.DagShape.Movement.ONE_TO_ONE;
import static io.tezext.schedreal.DagShape.Movement.SHUFFLE;

import java.util.List;

/**
 * The DAGs a session runs, in the shapes Hive on Tez plans (vertex names as Hive prints them): a
 * scan with a shuffle into an aggregation, a broadcast (map) join whose big-table map has a root
 * input and the broadcast (so Tez gives it its RootInputVertexManager, as in Hive), a union, a deep
 * join of six vertices, and a one-to-one edge after a shuffle; then the scan, the map join and the
 * deep join again, wider. Tasks are short (0.3-1.2 s of work) so that a run of eight DAGs, with the
 * RM's preemption waits, takes a minute or two.
 */
final class HiveShapes {
  private HiveShapes() {
  }

  /** The benchmark's session: eight DAGs, run one after another in this order. */
  static List<DagShape> session() {
    return List.of(
        scanAggregate("q1-scan-aggregate", 8, 900),
        mapJoin("q2-map-join", 6, 1_000),
        union("q3-union", 4, 700),
        deepJoin("q4-deep-join", 5),
        oneToOne("q5-one-to-one", 6),
        scanAggregate("q6-scan-aggregate-wide", 12, 700),
        mapJoin("q7-map-join-wide", 10, 800),
        deepJoin("q8-deep-join-wide", 8));
  }

  /** A short slice for the integration test: a map join, a union, and a one-to-one edge. */
  static List<DagShape> slice() {
    return List.of(mapJoin("q2-map-join", 4, 500), union("q3-union", 3, 400), oneToOne("q5-one-to-one", 3));
  }

  static DagShape scanAggregate(String name, int maps, long mapMs) {
    return DagShape.named(name)
        .scan("Map 1", maps, mapMs)
        .reduce("Reducer 2", 2, 500)
        .edge("Map 1", "Reducer 2", SHUFFLE)
        .build();
  }

  /** The dimension table is broadcast into the fact table's map, which then shuffles to an aggregation. */
  static DagShape mapJoin(String name, int factMaps, long factMs) {
    return DagShape.named(name)
        .scan("Map 1", factMaps, factMs)
        .scan("Map 2", 1, 400)
        .reduce("Reducer 3", 2, 400)
        .edge("Map 2", "Map 1", BROADCAST)
        .edge("Map 1", "Reducer 3", SHUFFLE)
        .build();
  }

  static DagShape union(String name, int mapsEach, long mapMs) {
    return DagShape.named(name)
        .scan("Map 1", mapsEach, mapMs)
        .scan("Map 3", mapsEach, mapMs)
        .reduce("Reducer 4", 2, 400)
        .union("Union 2", "Reducer 4", "Map 1", "Map 3")
        .build();
  }

  /** Two shuffle joins and an aggregation: six vertices, three of them scans. */
  static DagShape deepJoin(String name, int factMaps) {
    return DagShape.named(name)
        .scan("Map 1", factMaps, 800)
        .scan("Map 2", 3, 500)
        .reduce("Reducer 3", 3, 600)
        .scan("Map 4", 3, 500)
        .reduce("Reducer 5", 2, 600)
        .reduce("Reducer 6", 1, 300)
        .edge("Map 1", "Reducer 3", SHUFFLE)
        .edge("Map 2", "Reducer 3", SHUFFLE)
        .edge("Reducer 3", "Reducer 5", SHUFFLE)
        .edge("Map 4", "Reducer 5", SHUFFLE)
        .edge("Reducer 5", "Reducer 6", SHUFFLE)
        .build();
  }

  /** A shuffle, then a one-to-one edge (Hive's PTF after a sort): task i waits for its source task i. */
  static DagShape oneToOne(String name, int maps) {
    return DagShape.named(name)
        .scan("Map 1", maps, 800)
        .reduce("Reducer 2", 3, 600)
        .reduce("Reducer 3", 3, 400)
        .edge("Map 1", "Reducer 2", SHUFFLE)
        .edge("Reducer 2", "Reducer 3", ONE_TO_ONE)
        .build();
  }
}
