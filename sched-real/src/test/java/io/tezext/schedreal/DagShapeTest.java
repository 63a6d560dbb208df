package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class DagShapeTest {

  @Test
  void everyVertexExpectsItsTableAndEachProducerTaskOnceButABroadcastOncePerConsumerTask() {
    DagShape join = HiveShapes.mapJoin("q", 6, 1_000); // Map 2 (1 task) broadcast to Map 1 (6), shuffled to Reducer 3
    assertThat(join.expectedRowsIn()).isEqualTo(Map.of(
        "Map 2", 100L,
        "Map 1", 6 * 100L + 6 * 1 * 10L,
        "Reducer 3", 6 * 10L));
  }

  @Test
  void aUnionDeliversEveryMembersRowsToItsConsumer() {
    assertThat(HiveShapes.union("q", 4, 700).expectedRowsIn()).containsEntry("Reducer 4", 8 * 10L);
  }

  @Test
  void anEdgeToAVertexTheShapeLacksIsRejectedNamingIt() {
    assertThatThrownBy(() -> DagShape.named("q").scan("Map 1", 2, 100).edge("Map 1", "Reducer 9",
        DagShape.Movement.SHUFFLE).build()).hasMessageContaining("Reducer 9");
  }

  @Test
  void theSessionsDagsHaveDistinctNamesSoRunsPairDagByDag() {
    assertThat(HiveShapes.session()).extracting(DagShape::name).doesNotHaveDuplicates().hasSize(8);
  }

  @Test
  void eachScanHintsItsTasksToTheHostsInTurnFromItsPlaceInTheDag() {
    DagShape join = HiveShapes.mapJoin("q", 3, 1_000); // Map 1 is vertex 0, Map 2 vertex 1
    assertThat(ShapedDags.hints(join, java.util.List.of("a", "b"))).isEqualTo(Map.of(
        "Map 1", java.util.List.of("a", "b", "a"),
        "Map 2", java.util.List.of("b")));
  }
}
