package io.tezext.simulator.workload.tezhistory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.cli.TezextSim;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.Workload;

/**
 * Hive's DAGs as the simulator reads them: the proto history a Hive 4.1.0 session wrote on
 * MiniTezCluster for the six star-schema queries of hive-it (copied from a run of
 * {@code HiveFidelityIT}), read with their shapes (a broadcast join's broadcast edge, a shuffle
 * join's two scatter-gather inputs, Hive's semi-join reduction edges, the nine vertices of the
 * multi-stage query), and replayed by both schedulers through the command line.
 */
class HiveHistoryTest {
  @TempDir
  Path dir;

  static Path fixture() throws URISyntaxException {
    return Path.of(HiveHistoryTest.class.getResource("/tezhistory/hive-proto").toURI());
  }

  @Test
  void readsHivesDagsWithTheirShapesInOneSession() throws Exception {
    Workload w = TezHistoryReader.read(new ProtoHistoryFiles(fixture()), false, new ArrayList<>());

    assertThat(w.submissions()).extracting(s -> s.dag().name().substring(0, 16)).containsExactly(
        "SELECT ss_store_", "SELECT i_categor", "SELECT s_state, ", "SELECT kind, n F", "SELECT ss_item_s",
        "SELECT d_moy, i_");
    assertThat(w.submissions()).extracting(DagSubmission::session).containsOnly(w.submissions().get(0).session());
    List<DagSpec> dags = w.submissions().stream().map(DagSubmission::dag).toList();
    assertThat(dags.get(1).edges()).as("the shuffle join").contains(
        new EdgeSpec("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER),
        new EdgeSpec("Map 5", "Reducer 2", DataMovement.SCATTER_GATHER));
    assertThat(dags.get(2).edges()).as("the broadcast join").contains(
        new EdgeSpec("Map 4", "Map 1", DataMovement.BROADCAST));
    assertThat(dags.get(3).edges()).as("the union's semi-join reduction").contains(
        new EdgeSpec("Reducer 7", "Map 1", DataMovement.BROADCAST));
    assertThat(dags.get(5).vertices()).as("the multi-stage query").hasSize(9);
    assertThat(dags).flatExtracting(DagSpec::vertices).allSatisfy(v -> assertThat(v.memoryMb()).isEqualTo(256));
  }

  @Test
  void bothSchedulersReplayEveryHiveDagThroughTheCommandLine() throws Exception {
    Path scenario = dir.resolve("calibrated.json");
    cli("calibrate", "--workload", fixture().toString(), "--out", scenario.toString());
    ObjectMapper json = new ObjectMapper();
    ObjectNode root = (ObjectNode) json.readTree(scenario.toFile());
    for (JsonNode node : root.path("nodes")) { // what history cannot tell: the test cluster's NodeManagers
      ((ObjectNode) node).put("memoryMb", 4096).put("vcores", 8);
    }
    json.writeValue(scenario.toFile(), root);
    Path out = dir.resolve("replay");
    cli("run", "--cluster", scenario.toString(), "--workload", fixture().toString(), "--calibrate", "off",
        "--scheduler", "dagaware,tezext", "--format", "json", "--out", out.toString(), "--quiet");

    JsonNode dags = json.readTree(out.resolve("dags.json").toFile());
    assertThat(dags.size()).isEqualTo(2);
    for (JsonNode run : dags) {
      assertThat(run.size()).isEqualTo(6);
      for (JsonNode dag : run) {
        assertThat(dag.path("finishMs").asLong()).as(dag.toString()).isGreaterThan(dag.path("startMs").asLong());
      }
    }
  }

  private static void cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    assertThat(code).as(String.join(" ", args) + "\n" + out + err).isZero();
  }
}
