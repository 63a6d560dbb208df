package io.tezext.simulator.workload.tezhistory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;

/**
 * Reads proto history that ProtoHistoryLoggingService wrote for the fidelity DAGs on MiniTezCluster
 * (copied from a run of SimulatorFidelityIT into the test resources).
 */
class ProtoHistoryReaderTest {
  private static final String DAG_FILE = "dag_data/date=2026-11-22/dag_1795386438517_0001_1_1";

  @TempDir
  Path dir;

  @Test
  void readsEveryDagWithItsPlanTasksAndSession() throws Exception {
    Workload w = TezHistoryReader.read(new ProtoHistoryFiles(fixture()), false, new ArrayList<>());

    assertThat(w.submissions()).extracting(s -> s.dag().name())
        .containsExactly("scatter-gather", "chain", "broadcast-join", "one-to-one");
    assertThat(w.submissions()).extracting(DagSubmission::session).containsOnly(w.submissions().get(0).session());
    DagSpec join = w.submissions().get(2).dag();
    assertThat(parallelism(join)).isEqualTo(Map.of("Map 1", 3, "Map 2", 1, "Reducer 3", 2));
    assertThat(join.edges()).containsExactlyInAnyOrder(
        new EdgeSpec("Map 1", "Reducer 3", DataMovement.SCATTER_GATHER),
        new EdgeSpec("Map 2", "Reducer 3", DataMovement.BROADCAST));
    assertThat(w.submissions().get(3).dag().edges()).contains(
        new EdgeSpec("Reducer 2", "Reducer 3", DataMovement.ONE_TO_ONE));
    // TimedProcessor works 1-3 s per task; 256 MB is the test cluster's task container.
    assertThat(w.submissions()).flatExtracting(s -> s.dag().vertices()).allSatisfy(v -> {
      assertThat(v.memoryMb()).isEqualTo(256);
      assertThat(v.tasks()).allSatisfy(t -> assertThat(t.durationMs()).isBetween(500L, 10_000L));
    });
    assertThat(w.notes()).anyMatch(n -> n.contains("Tez proto history"));
  }

  @Test
  void runsAndLaunchLatenciesComeWithTheWorkload() throws Exception {
    RecordedHistory h = TezHistoryReader.readHistory(new ProtoHistoryFiles(fixture()), false, new ArrayList<>());

    assertThat(h.runs()).hasSize(4).allSatisfy(r -> assertThat(r.runtimeMs()).isPositive());
    // The one-to-one DAG's two consumers are hinted to their source tasks: other-local, not host-bound.
    assertThat(h.runs().get(3).otherLocalTasks()).isEqualTo(2);
    assertThat(h.runs().get(3).affinityTasks()).isEqualTo(2);
    assertThat(h.runs()).allSatisfy(r -> assertThat(r.tasksPreferringHosts()).isZero());
    assertThat(h.launches().medianColdMs(-1)).isPositive();
  }

  @Test
  void formatIsDetectedFromTheBaseDirectoryItsTreesOrOneFile() throws Exception {
    assertThat(WorkloadFormat.detect(fixture())).isEqualTo(WorkloadFormat.TEZ_PROTO_HISTORY);
    assertThat(WorkloadFormat.detect(fixture().resolve("dag_data"))).isEqualTo(WorkloadFormat.TEZ_PROTO_HISTORY);
    assertThat(WorkloadFormat.detect(fixture().resolve(DAG_FILE))).isEqualTo(WorkloadFormat.TEZ_PROTO_HISTORY);
  }

  @Test
  void aFileStillBeingWrittenIsReadUpToItsLastCompleteEvent() throws Exception {
    byte[] whole = Files.readAllBytes(fixture().resolve(DAG_FILE));
    int complete = entities(fixture().resolve(DAG_FILE)).size();
    Path cut = Files.write(dir.resolve("dag_1"), Arrays.copyOf(whole, whole.length * 2 / 3));

    List<JsonNode> read = entities(cut);

    assertThat(read).isNotEmpty().hasSizeLessThan(complete);
    assertThat(read).allSatisfy(e -> assertThat(e.path("entity").asText()).contains("1795386438517_0001_1"));
  }

  @Test
  void anEmptyDagFileIsLeftOutAndSaidSo() throws Exception {
    Path copy = dir.resolve("proto");
    try (var files = Files.walk(fixture())) {
      for (Path p : files.toList()) {
        Path to = copy.resolve(fixture().relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    Path empty = Files.createFile(Files.createDirectories(copy.resolve("dag_data/date=2026-11-22"))
        .resolve("dag_1795386438517_0001_9_1"));

    Workload w = TezHistoryReader.read(new ProtoHistoryFiles(copy), false, new ArrayList<>());

    assertThat(w.submissions()).hasSize(4);
    assertThat(w.notes()).anyMatch(n -> n.contains("1 empty history file(s) left out") && n.contains(empty.toString()));
  }

  @Test
  void aFileThatIsNotProtoHistoryIsNamed() throws IOException {
    Path notSeq = Files.writeString(dir.resolve("history"), "SEQ but not really");

    assertThatThrownBy(() -> TezHistoryReader.read(new ProtoHistoryFiles(notSeq), false, new ArrayList<>()))
        .hasMessageStartingWith(notSeq + ": not a Tez proto history SequenceFile");
  }

  private static List<JsonNode> entities(Path file) throws IOException {
    List<JsonNode> entities = new ArrayList<>();
    new ProtoHistoryFiles(file).read(new HistoryInput.Sink() {
      @Override
      public void entity(JsonNode entity, String where) {
        entities.add(entity);
      }

      @Override
      public void unreadable(String where, String why) {
        throw new AssertionError(where + ": " + why);
      }

      @Override
      public void empty(String file) {
        throw new AssertionError(file + " is empty");
      }
    });
    return entities;
  }

  private static Map<String, Integer> parallelism(DagSpec dag) {
    Map<String, Integer> p = new TreeMap<>();
    for (VertexSpec v : dag.vertices()) {
      p.put(v.name(), v.parallelism());
    }
    return p;
  }

  static Path fixture() throws URISyntaxException {
    return Path.of(ProtoHistoryReaderTest.class.getResource("/tezhistory/proto").toURI());
  }
}
