package io.tezext.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.workload.json.WorkloadJson;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

class WorkloadJsonTest {
  @TempDir
  Path dir;

  @Test
  void hostsTheClusterLacksAreCountedInTheNotesAndRefusedWithStrict() throws IOException {
    Path file = dir.resolve("hosts.json");
    Files.writeString(file, "{\"dags\": [{\"id\": \"q1\", \"vertices\": [{\"name\": \"v\", \"input\": \"HDFS\", "
        + "\"tasks\": [{\"durationMs\": 1, \"hosts\": [\"h1\", \"gone\"]}, {\"durationMs\": 1, \"hosts\": [\"h1\"]}]}]}]}");

    Workload w = WorkloadJson.read(file, new BadRecords(false, new ArrayList<>()), List.of("h1", "h2"));

    assertThat(w.notes()).containsExactly(
        "1 tasks name hosts the scenario does not have (1 hosts: gone): no node is local to them there");
    assertThatThrownBy(() -> WorkloadJson.read(file, new BadRecords(false, true, new ArrayList<>()), List.of("h1")))
        .hasMessageStartingWith(file + " at dags[0].vertices[0].tasks[0].hosts: host 'gone' is not a node of the "
            + "scenario");
  }

  @Test
  void writingThenReadingGivesTheSameWorkload() throws IOException {
    Workload w = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS.withDags(40), SyntheticWorkloadsTest.hosts(10), 2);
    Path file = dir.resolve("w.json");
    WorkloadJson.write(w, file);
    assertThat(WorkloadJson.read(file)).isEqualTo(w);
  }

  @Test
  void handWrittenFileWithDefaultsAndCompactTasks() throws IOException {
    Workload w = WorkloadJson.read(write("""
        {"dags": [{"id": "q1", "vertices": [
            {"name": "Map 1", "input": "HDFS", "tasks": [{"durationMs": 1000, "hosts": ["h1", "h2"]}]},
            {"name": "Reducer 2", "taskDurationsMs": [500, 700]}],
          "edges": [{"from": "Map 1", "to": "Reducer 2"}]}]}
        """));
    DagSubmission q1 = w.submissions().get(0);
    assertThat(q1.queue()).isEqualTo("default");
    assertThat(q1.dag().vertices().get(0).tasks().get(0).hosts()).containsExactly("h1", "h2");
    assertThat(q1.dag().vertices().get(1).memoryMb()).isEqualTo(1024);
    assertThat(q1.dag().vertices().get(1).tasks()).extracting(TaskSpec::durationMs).containsExactly(500L, 700L);
    assertThat(q1.dag().edges().get(0).movement()).isEqualTo(DataMovement.SCATTER_GATHER);
  }

  @Test
  void unknownFieldNamesFileLinePathAndKnownFields() throws IOException {
    Path file = write("{\"dags\": [{\"id\": \"q1\",\n \"vertices\": [{\"name\": \"v\",\n \"taskDurations\": [1]}]}]}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessageStartingWith(file + " line 3")
        .hasMessageContaining("at dags[0].vertices[0].taskDurations")
        .hasMessageContaining("unknown field 'taskDurations'")
        .hasMessageContaining("taskDurationsMs");
  }

  @Test
  void negativeDurationNamesLineAndPath() throws IOException {
    Path file = write("{\"dags\": [{\"id\": \"q1\", \"vertices\": [{\"name\": \"v\", \"tasks\": [\n"
        + "{\"durationMs\": 5}, {\"durationMs\": -1}]}]}]}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessageStartingWith(file + " line 2")
        .hasMessageContaining("at dags[0].vertices[0].tasks[1].durationMs")
        .hasMessageEndingWith("durationMs must be in [0, 1125899906842624] ms (2^50 ms, about 35,000 years: the "
            + "simulator's clock bound), was -1");
  }

  @Test
  void thinkTimeIsReadWrittenAndRefusedWithoutASession() throws IOException {
    Workload w = WorkloadJson.read(write("""
        {"dags": [
          {"id": "q1", "session": "s", "vertices": [{"name": "v", "taskDurationsMs": [1]}]},
          {"id": "q2", "arrivalMs": 5, "session": "s", "thinkMs": 750, "vertices": [{"name": "v", "taskDurationsMs": [1]}]}
        ]}"""));
    assertThat(w.submissions()).extracting(DagSubmission::thinkMs).containsExactly(DagSubmission.OPEN_LOOP, 750L);
    Path again = dir.resolve("again.json");
    WorkloadJson.write(w, again);
    assertThat(WorkloadJson.read(again)).isEqualTo(w);
    assertThat(Files.readString(again)).containsOnlyOnce("thinkMs");

    Path alone = write("{\"dags\": [{\"id\": \"q1\", \"thinkMs\": 10, \"vertices\": [{\"name\": \"v\", "
        + "\"taskDurationsMs\": [1]}]}]}");
    assertThatThrownBy(() -> WorkloadJson.read(alone))
        .hasMessageStartingWith(alone + " at dags[0]: DAG q1: a think time (thinkMs 10) follows the previous DAG of the "
            + "same session, and this DAG has no session");
    Path negative = write("{\"dags\": [{\"id\": \"q1\", \"session\": \"s\", \"thinkMs\": -5, \"vertices\": []}]}");
    assertThatThrownBy(() -> WorkloadJson.read(negative))
        .hasMessageStartingWith(negative + " line 1").hasMessageContaining("at dags[0].thinkMs")
        .hasMessageContaining("was -5");
  }

  @Test
  void wrongTypeNamesThePath() throws IOException {
    Path file = write("{\"dags\": [{\"id\": \"q1\", \"arrivalMs\": \"noon\", \"vertices\": []}]}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessageStartingWith(file + " line 1").hasMessageContaining("at dags[0].arrivalMs");
  }

  @Test
  void edgeToAnUnknownVertexNamesTheDag() throws IOException {
    Path file = write("{\"dags\": [{\"id\": \"q1\", \"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1]}],"
        + " \"edges\": [{\"from\": \"a\", \"to\": \"b\"}]}]}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessageStartingWith(file + " at dags[0]: DAG q1: edge a -> b names an unknown vertex");
  }

  @Test
  void oneToOneParallelismMismatchIsRejected() throws IOException {
    Path file = write("{\"dags\": [{\"id\": \"q1\", \"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1, 2]},"
        + " {\"name\": \"b\", \"taskDurationsMs\": [1]}],"
        + " \"edges\": [{\"from\": \"a\", \"to\": \"b\", \"movement\": \"ONE_TO_ONE\"}]}]}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessageContaining("at dags[0]").hasMessageContaining("one-to-one edge a -> b joins parallelism 2 to 1");
  }

  @Test
  void vertexWithNoTasksNamesTheVertexPath() throws IOException {
    Path file = write("{\"dags\": [{\"id\": \"q1\", \"vertices\": [{\"name\": \"a\"}]}]}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessage(file + " at dags[0].vertices[0]: vertex a has no tasks");
  }

  @Test
  void withSkipBadABadDagIsSkippedAndListedAndTheRestIsRead() throws IOException {
    Path file = write("""
        {"dags": [
          {"id": "bad-field", "vertices": [{"name": "a", "tasks": [{"durationMs": -1}]}]},
          {"id": "good", "vertices": [{"name": "a", "taskDurationsMs": [5]}]},
          {"id": "bad-edge", "vertices": [{"name": "a", "taskDurationsMs": [1]}],
           "edges": [{"from": "a", "to": "b"}]}
        ]}
        """);
    List<String> skipped = new ArrayList<>();

    Workload w = WorkloadJson.read(file, new BadRecords(true, skipped));

    assertThat(w.submissions()).extracting(DagSubmission::id).containsExactly("good");
    assertThat(skipped).containsExactly(
        file + " line 2 column 75 at dags[0].vertices[0].tasks[0].durationMs: durationMs must be in [0, "
            + "1125899906842624] ms (2^50 ms, about 35,000 years: the simulator's clock bound), was -1",
        file + " at dags[2]: DAG bad-edge: edge a -> b names an unknown vertex (known: [a])");
    assertThatThrownBy(() -> WorkloadJson.read(file, new BadRecords(false, new ArrayList<>())))
        .hasMessageContaining("at dags[0].vertices[0].tasks[0].durationMs");
  }

  @Test
  void dagsThatAreNotAnArrayAreNamed() throws IOException {
    Path file = write("{\"dags\": null}");
    assertThatThrownBy(() -> WorkloadJson.read(file))
        .hasMessage(file + " line 1 column 10 at dags: expected an array of DAGs, found null");
  }

  private Path write(String json) throws IOException {
    return Files.writeString(dir.resolve("workload.json"), json);
  }
}
