package io.tezext.simulator.am;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;

class TezVertexIdsTest {
  private static VertexSpec vertex(String name) {
    return new VertexSpec(name, 1024, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(1_000)));
  }

  private static EdgeSpec edge(String from, String to) {
    return new EdgeSpec(from, to, DataMovement.SCATTER_GATHER);
  }

  /** A map join into one fact scan, a second fact scan, a join and an aggregation, listed as Hive names them. */
  private static final DagSpec MULTI_JOIN = new DagSpec("q", List.of(vertex("Map 1"), vertex("Map 2"), vertex("Map 3"),
      vertex("Reducer 4"), vertex("Reducer 5")), List.of(new EdgeSpec("Map 2", "Map 1", DataMovement.BROADCAST),
          edge("Map 1", "Reducer 4"), edge("Map 3", "Reducer 4"), edge("Reducer 4", "Reducer 5")));

  @Test
  void verticesTakeTheIdsTezsClientGivesThemNotTheOrderListed() {
    assertThat(TezVertexIds.inTezOrder(MULTI_JOIN)).extracting(VertexSpec::name)
        .containsExactly("Map 3", "Map 2", "Map 1", "Reducer 4", "Reducer 5");
  }

  @Test
  void theSameShapeUnderAnotherDagNameGetsTheSameIds() {
    DagSpec again = new DagSpec("another query", MULTI_JOIN.vertices(), MULTI_JOIN.edges());
    assertThat(TezVertexIds.inTezOrder(again)).extracting(VertexSpec::name)
        .containsExactly("Map 3", "Map 2", "Map 1", "Reducer 4", "Reducer 5");
  }

  @Test
  void aLeftDeepJoinChainKeepsProducersBeforeConsumers() {
    DagSpec chain = new DagSpec("chain", List.of(vertex("Map 1"), vertex("Map 2"), vertex("Reducer 5"),
        vertex("Map 3"), vertex("Reducer 6"), vertex("Map 4"), vertex("Reducer 7"), vertex("Reducer 8")),
        List.of(edge("Map 1", "Reducer 5"), edge("Map 2", "Reducer 5"), edge("Reducer 5", "Reducer 6"),
            edge("Map 3", "Reducer 6"), edge("Reducer 6", "Reducer 7"), edge("Map 4", "Reducer 7"),
            edge("Reducer 7", "Reducer 8")));
    // Tez puts the scan feeding the last join first: its natural order serves that scan before the first join's.
    assertThat(TezVertexIds.inTezOrder(chain)).extracting(VertexSpec::name)
        .containsExactly("Map 4", "Map 1", "Map 3", "Map 2", "Reducer 5", "Reducer 6", "Reducer 7", "Reducer 8");
  }
}
