package io.tezext.simulator.am;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.tezhistory.HistoryInput;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

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

  /**
   * Six Hive 4.1 queries a real Tez AM ran (the proto history hive-it recorded, HiveHistoryTest's
   * fixture): the ids it gave their vertices, as its VERTEX_INITIALIZED records name them, are the
   * ones the skeleton gets, for a union with a semi-join reduction and a nine-vertex query too.
   */
  @Test
  void theIdsAreTheOnesARealTezAmGaveHivesVertices() throws Exception {
    Path history = Path.of(TezVertexIdsTest.class.getResource("/tezhistory/hive-proto").toURI());
    Map<String, TreeMap<Integer, String>> recorded = new HashMap<>();
    new ProtoHistoryFiles(history).read(new HistoryInput.Sink() {
      @Override
      public void entity(JsonNode entity, String where) {
        String name = entity.path("otherinfo").path("vertexName").asText("");
        if (entity.path("entitytype").asText().equals("TEZ_VERTEX_ID") && !name.isEmpty()) {
          String[] id = entity.path("entity").asText().split("_"); // vertex_<cluster>_<app>_<dag>_<vertex>
          recorded.computeIfAbsent("dag_" + id[1] + "_" + id[2] + "_" + id[3], d -> new TreeMap<>())
              .put(Integer.parseInt(id[4]), name);
        }
      }

      @Override
      public void unreadable(String where, String why) {
        throw new AssertionError(where + ": " + why);
      }

      @Override
      public void empty(String file) {
      }
    });
    List<DagSubmission> dags = TezHistoryReader.read(new ProtoHistoryFiles(history), false, new ArrayList<>())
        .submissions();
    assertThat(dags).hasSize(6);
    for (DagSubmission s : dags) {
      assertThat(TezVertexIds.inTezOrder(s.dag())).extracting(VertexSpec::name).as(s.id())
          .containsExactlyElementsOf(recorded.get(s.id()).values());
    }
  }
}
