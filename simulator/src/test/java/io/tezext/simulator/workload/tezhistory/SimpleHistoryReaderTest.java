package io.tezext.simulator.workload.tezhistory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/**
 * Against history a real Tez 0.10.5 AM wrote on MiniTezCluster: one session AM running the test
 * kit's three-vertex word count twice (generate x3 -> sum x2 -> check x1, scatter-gather edges).
 */
class SimpleHistoryReaderTest {
  private static final String FIXTURE = "/tezhistory/history.txt.appattempt_1795361869420_0001_000001";

  @TempDir
  Path dir;

  @Test
  void recordedSessionBecomesTwoDagsWithTheirPlanAndTaskTimes() throws Exception {
    Workload w = TezHistoryReader.read(new SimpleHistoryFiles(fixture()), false, new ArrayList<>());

    assertThat(w.submissions()).extracting(DagSubmission::id)
        .containsExactly("dag_1795361869420_0001_1", "dag_1795361869420_0001_2");
    DagSubmission first = w.submissions().get(0);
    assertThat(first.arrivalMs()).isZero();
    assertThat(w.submissions().get(1).arrivalMs()).isPositive();
    assertThat(first.session()).as("two DAGs in one AM: a session").isEqualTo("application_1795361869420_0001");
    assertThat(first.queue()).isEqualTo("default");
    assertThat(first.closedLoop()).as("a session's first DAG arrives at its own time").isFalse();
    // The first DAG's DAG_FINISHED at 1795361881714, the second's DAG_SUBMITTED at 1795361881763.
    assertThat(w.submissions().get(1).thinkMs()).as("the client's gap after the last DAG returned").isEqualTo(49);
    assertThat(w.notes()).anyMatch(n -> n.startsWith("sessions are closed-loop"));

    DagSpec dag = first.dag();
    assertThat(dag.name()).isEqualTo("wc-0");
    assertThat(dag.vertices()).extracting(VertexSpec::name).containsExactly("generate", "sum", "check");
    assertThat(dag.vertices()).extracting(VertexSpec::parallelism).containsExactly(3, 2, 1);
    assertThat(dag.vertices()).allMatch(v -> v.memoryMb() == 256, "tez.task.resource.memory.mb of the run");
    assertThat(dag.edges()).extracting(EdgeSpec::movement).containsOnly(DataMovement.SCATTER_GATHER);
    // generate's first task: startTime 1795361879199, endTime 1795361880275 in the history.
    assertThat(dag.vertices().get(0).tasks().get(0).durationMs()).isEqualTo(1_076);
    assertThat(w.notes()).anyMatch(n -> n.contains("2 DAGs"));
  }

  @Test
  void olderCamelCaseKeySpellingsReadTheSame() throws Exception {
    String camel = Files.readString(fixture(), StandardCharsets.UTF_8)
        .replace("\"entitytype\"", "\"entityType\"").replace("\"otherinfo\"", "\"otherInfo\"")
        .replace("\"eventtype\"", "\"eventType\"");
    Path file = Files.writeString(dir.resolve("history.txt.camel"), camel);

    Workload w = TezHistoryReader.read(new SimpleHistoryFiles(file), false, new ArrayList<>());

    assertThat(w.submissions()).isEqualTo(TezHistoryReader.read(new SimpleHistoryFiles(fixture()), false, new ArrayList<>())
        .submissions());
  }

  @Test
  void malformedLineNamesFileAndLine() throws Exception {
    Path file = withLine(5, "{\"entity\": \"attempt_1\", oops}");
    assertThatThrownBy(() -> TezHistoryReader.read(new SimpleHistoryFiles(file), false, new ArrayList<>()))
        .isInstanceOf(BadRecordException.class)
        .hasMessageStartingWith(file + " line 5: not valid JSON");
  }

  @Test
  void missingFieldNamesLineEntityAndField() throws Exception {
    List<String> lines = Files.readAllLines(fixture(), StandardCharsets.UTF_8);
    int n = indexOf(lines, "VERTEX_INITIALIZED");
    Path file = withLine(n + 1, lines.get(n).replace("\"numTasks\"", "\"numTask\""));
    assertThatThrownBy(() -> TezHistoryReader.read(new SimpleHistoryFiles(file), false, new ArrayList<>()))
        .hasMessageStartingWith(file + " line " + (n + 1) + " (vertex_1795361869420_0001_")
        .hasMessageEndingWith("missing or invalid field 'otherinfo.numTasks'");
  }

  @Test
  void anAttemptEndingBeforeItStartedIsAnErrorNotAZeroMsTask() throws Exception {
    List<String> lines = Files.readAllLines(fixture(), StandardCharsets.UTF_8);
    int n = indexOf(lines, "TASK_ATTEMPT_FINISHED");
    Path file = withLine(n + 1, lines.get(n).replaceFirst("\"endTime\":\\d+", "\"endTime\":1"));
    assertThatThrownBy(() -> TezHistoryReader.read(new SimpleHistoryFiles(file), false, new ArrayList<>()))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("its successful attempt ends at 1, before it started at 1795361879199");
  }

  @Test
  void anEdgeWithADataMovementTezDoesNotHaveIsAnError() throws Exception {
    List<String> lines = Files.readAllLines(fixture(), StandardCharsets.UTF_8);
    int n = indexOf(lines, "\"dataMovementType\":\"SCATTER_GATHER\"");
    Path file = withLine(n + 1, lines.get(n).replaceFirst("\"dataMovementType\":\"SCATTER_GATHER\"",
        "\"dataMovementType\":\"FAN_OUT\""));
    assertThatThrownBy(() -> TezHistoryReader.read(new SimpleHistoryFiles(file), false, new ArrayList<>()))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("dataMovementType 'FAN_OUT'; Tez's are ONE_TO_ONE, BROADCAST, SCATTER_GATHER, CUSTOM");
  }

  @Test
  void skipBadCountsWhatItSkipsAndKeepsTheRest() throws Exception {
    List<String> lines = Files.readAllLines(fixture(), StandardCharsets.UTF_8);
    int n = indexOf(lines, "VERTEX_INITIALIZED");
    Path file = withLine(n + 1, "not json at all");
    List<String> skipped = new ArrayList<>();

    Workload w = TezHistoryReader.read(new SimpleHistoryFiles(file), true, skipped);

    // The broken line was a vertex of the first DAG, which then cannot be built: both are reported.
    assertThat(skipped).hasSize(2);
    assertThat(skipped.get(0)).contains("line " + (n + 1)).contains("not valid JSON");
    assertThat(w.submissions()).hasSize(1);
    assertThat(w.notes()).anyMatch(note -> note.contains("2 history records or DAGs were skipped"));
  }

  @Test
  void theSameHistoryTwiceIsRefusedOrWithSkipBadReadOnce() throws Exception {
    Files.copy(fixture(), dir.resolve("history.txt.appattempt_1"));
    Files.copy(fixture(), dir.resolve("history.txt.appattempt_1.copy"));

    assertThatThrownBy(() -> TezHistoryReader.read(new SimpleHistoryFiles(dir), false, new ArrayList<>()))
        .isInstanceOf(BadRecordException.class)
        .hasMessageStartingWith(dir.resolve("history.txt.appattempt_1.copy") + " line 4 (dag_1795361869420_0001_1): "
            + "DAG_SUBMITTED is recorded a second time; first at " + dir.resolve("history.txt.appattempt_1") + " line 4");
    List<String> skipped = new ArrayList<>();
    Workload once = TezHistoryReader.read(new SimpleHistoryFiles(dir), true, skipped);
    assertThat(once.submissions()).isEqualTo(
        TezHistoryReader.read(new SimpleHistoryFiles(fixture()), false, new ArrayList<>()).submissions());
    assertThat(skipped).isNotEmpty().allMatch(s -> s.contains("is recorded a second time"));
  }

  @Test
  void anInitializationEndingBeforeItsRequestIsCountedAndRefusedWithStrict() throws Exception {
    List<String> lines = Files.readAllLines(fixture(), StandardCharsets.UTF_8);
    int n = indexOf(lines, "VERTEX_INITIALIZED");
    Path file = withLine(n + 1, lines.get(n).replaceFirst("\"initTime\":\\d+", "\"initTime\":1"));

    Workload w = TezHistoryReader.read(new SimpleHistoryFiles(file), false, new ArrayList<>());

    assertThat(w.notes()).contains("1 vertices recorded initTime before initRequestedTime: their input initialization "
        + "is taken as 0 ms");
    assertThatThrownBy(() -> TezHistoryReader.readHistory(new SimpleHistoryFiles(file),
        new io.tezext.simulator.io.BadRecords(false, true, new ArrayList<>())))
        .hasMessageStartingWith(file + " line " + (n + 1))
        .hasMessageContaining("otherinfo.initTime 1 is before otherinfo.initRequestedTime");
  }

  @Test
  void detectsHistoryFilesByTheirFirstRecord() throws Exception {
    assertThat(SimpleHistoryFiles.looksLikeHistory(fixture())).isTrue();
    assertThat(SimpleHistoryFiles.looksLikeHistory(Files.writeString(dir.resolve("w.json"), "{\"dags\": []}")))
        .isFalse();
  }

  private Path withLine(int lineNumber, String replacement) throws IOException, URISyntaxException {
    List<String> lines = new ArrayList<>(Files.readAllLines(fixture(), StandardCharsets.UTF_8));
    lines.set(lineNumber - 1, replacement);
    return Files.write(dir.resolve("history.txt.edited"), lines, StandardCharsets.UTF_8);
  }

  private static int indexOf(List<String> lines, String text) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i;
      }
    }
    throw new AssertionError(text + " not in fixture");
  }

  static Path fixture() throws URISyntaxException {
    return Path.of(SimpleHistoryReaderTest.class.getResource(FIXTURE).toURI());
  }
}
