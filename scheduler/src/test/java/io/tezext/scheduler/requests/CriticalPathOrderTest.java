package io.tezext.scheduler.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CriticalPathOrderTest {
  /**
   * A left-deep chain of three joins as Tez's client numbers it (it did so for these names):
   * 0 Map 4, 1 Map 1, 2 Map 3, 3 Map 2, 4 Reducer 5 = Map 1 x Map 2, 5 Reducer 6 = Reducer 5 x Map 3,
   * 6 Reducer 7 = Reducer 6 x Map 4, 7 Reducer 8 aggregates. Map 4 feeds the last join, yet has the
   * lowest id of the scans, so Tez serves it first.
   */
  private static final DagShape DEEP_JOIN = shape(8, Map.of(0, new int[] {6, 7}, 1, new int[] {4, 5, 6, 7},
      2, new int[] {5, 6, 7}, 3, new int[] {4, 5, 6, 7}, 4, new int[] {5, 6, 7}, 5, new int[] {6, 7},
      6, new int[] {7}));
  /** Tez's first-attempt priority of vertex {@code id} at {@code distance} in an 8-vertex DAG. */
  private static int tez(int distance, int id) {
    return (distance + 1) * 24 + 3 * id - 1;
  }

  @Test
  void scansAtOneDistanceGoInTheOrderOfTheLongestChainBelowThemThenById() {
    CriticalPathOrder order = CriticalPathOrder.of(DEEP_JOIN);
    int map1 = order.priority(1, tez(0, 1));
    int map2 = order.priority(3, tez(0, 3));
    int map3 = order.priority(2, tez(0, 2));
    int map4 = order.priority(0, tez(0, 0));
    // The same numbers Tez gave the four scans, handed out by height, then id.
    assertEquals(tez(0, 0), map1);
    assertEquals(tez(0, 1), map2);
    assertEquals(tez(0, 2), map3);
    assertEquals(tez(0, 3), map4);
  }

  @Test
  void verticesAloneAtTheirDistanceKeepTezsPriority() {
    CriticalPathOrder order = CriticalPathOrder.of(DEEP_JOIN);
    for (int v = 4; v < 8; v++) {
      assertEquals(tez(v - 3, v), order.priority(v, tez(v - 3, v)), "vertex " + v);
    }
  }

  @Test
  void aRetryKeepsItsHigherPriorityOverItsVertexsFirstAttempts() {
    CriticalPathOrder order = CriticalPathOrder.of(DEEP_JOIN);
    assertEquals(order.priority(0, tez(0, 0)) - 1, order.priority(0, tez(0, 0) - 1));
  }

  @Test
  void aPriorityNotFromTezsNaturalOrderIsLeftAsItIs() {
    CriticalPathOrder order = CriticalPathOrder.of(DEEP_JOIN);
    assertEquals(7, order.priority(0, 7));
    assertEquals(tez(0, 0) + 2, order.priority(0, tez(0, 0) + 2));
    assertEquals(tez(0, 0), order.priority(9, tez(0, 0)), "a vertex the DAG does not have");
    assertEquals(tez(0, 0), CriticalPathOrder.TEZ.priority(0, tez(0, 0)));
  }

  private static DagShape shape(int vertices, Map<Integer, int[]> descendants) {
    return new DagShape(vertices, v -> {
      BitSet d = new BitSet();
      for (int c : descendants.getOrDefault(v, new int[0])) {
        d.set(c);
      }
      return d;
    });
  }
}
