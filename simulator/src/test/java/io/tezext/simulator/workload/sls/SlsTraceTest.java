package io.tezext.simulator.workload.sls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.ReadContext;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;

class SlsTraceTest {
  private static final ClusterSpec CLUSTER = new ClusterSpec(List.of(
      new NodeSpec("node1", "/default-rack", 8192, 8),
      new NodeSpec("node2", "/default-rack", 8192, 8),
      new NodeSpec("node3", "/default-rack", 8192, 8)), List.of(), YarnSettings.DEFAULTS);

  private static final String TRACE = """
      {
        "num.nodes": 3,
        "num.racks": 1
      }
      {
        "am.type" : "mapreduce",
        "job.start.ms" : 0,
        "job.end.ms" : 95375,
        "job.queue.name" : "sls_queue_1",
        "job.id" : "job_1",
        "job.user" : "default",
        "job.tasks" : [ {
          "container.host" : "/default-rack/node1",
          "container.start.ms" : 6664,
          "container.end.ms" : 23707,
          "container.priority" : 20,
          "container.type" : "map"
        }, {
          "count" : 2,
          "container.host" : "/default-rack/node3",
          "duration.ms" : 15000,
          "container.type" : "map"
        }, {
          "container.duration.ms" : "30000",
          "container.priority" : 10,
          "container.type" : "reduce",
          "container.memory-mb" : 2048,
          "container.vcores" : 2
        } ]
      }
      {
        "job.start.ms" : 105204,
        "job.queue.name" : "sls_queue_2",
        "job.id" : "job_2",
        "job.count" : 2,
        "job.tasks" : [ { "container.host" : "/default-rack/node9", "duration.ms" : 20000 } ]
      }
      """;

  @TempDir
  Path dir;

  @Test
  void mapsAndReducesBecomeATwoVertexDag() throws IOException {
    Workload w = read(write(TRACE), false, new ArrayList<>());

    DagSubmission job1 = w.submissions().get(0);
    assertThat(job1.id()).isEqualTo("job_1");
    assertThat(job1.queue()).isEqualTo("sls_queue_1");
    assertThat(job1.arrivalMs()).isZero();
    DagSpec dag = job1.dag();
    assertThat(dag.edges()).containsExactly(
        new EdgeSpec(SlsJobDag.MAP_VERTEX, SlsJobDag.REDUCE_VERTEX, DataMovement.SCATTER_GATHER));
    VertexSpec map = dag.vertices().get(0);
    assertThat(map.input()).isEqualTo(InputStorage.HDFS);
    assertThat(map.tasks()).containsExactly(new TaskSpec(17_043, List.of("node1")),
        new TaskSpec(15_000, List.of("node3")), new TaskSpec(15_000, List.of("node3")));
    assertThat(map.memoryMb()).isEqualTo(SlsTask.DEFAULT_MEMORY_MB);
    VertexSpec reduce = dag.vertices().get(1);
    assertThat(reduce.input()).isEqualTo(InputStorage.NONE);
    assertThat(reduce.tasks()).containsExactly(TaskSpec.of(30_000));
    assertThat(reduce.memoryMb()).isEqualTo(2048);
    assertThat(reduce.vcores()).isEqualTo(2);
  }

  @Test
  void jobCountRepeatsTheJobAndUnknownHostsAreCounted() throws IOException {
    Workload w = read(write(TRACE), false, new ArrayList<>());

    assertThat(w.submissions()).extracting(DagSubmission::id).containsExactly("job_1", "job_2-1", "job_2-2");
    assertThat(w.submissions().get(1).arrivalMs()).isEqualTo(105_204);
    assertThat(w.submissions().get(1).dag().vertices()).singleElement()
        .satisfies(v -> assertThat(v.name()).isEqualTo(SlsJobDag.MAP_VERTEX));
    assertThat(w.notes()).contains("1 num.nodes/num.racks objects ignored: the scenario file defines the cluster",
        "2 map containers ran on hosts the scenario lacks, so none of their reads can be node-local");
  }

  @Test
  void unknownKeysAreListedInTheNotes() throws IOException {
    Workload w = read(write(TRACE.replace("\"job.user\"", "\"job.usr\"")), false, new ArrayList<>());

    assertThat(w.notes()).contains("keys not modelled, ignored: [job.usr (1x)]");
  }

  @Test
  void badFieldNamesLineJobEntryAndKey() throws IOException {
    Path file = write(TRACE.replace("\"duration.ms\" : 15000", "\"duration.ms\" : -5"));

    assertThatThrownBy(() -> read(file, false, new ArrayList<>()))
        .isInstanceOf(InputFileException.class)
        .hasMessage(file + " line 5 (entry 2) job.tasks[1] duration.ms: expected a number > 0, found -5");
  }

  @Test
  void skipBadSkipsTheJobAndSaysSo() throws IOException {
    Path file = write(TRACE.replace("\"container.type\" : \"reduce\"", "\"container.type\" : \"shuffle\""));
    List<String> skipped = new ArrayList<>();

    Workload w = read(file, true, skipped);

    assertThat(w.submissions()).extracting(DagSubmission::id).containsExactly("job_2-1", "job_2-2");
    assertThat(skipped).singleElement().asString()
        .endsWith("job.tasks[2] container.type: expected 'map' or 'reduce', found shuffle");
    assertThat(w.notes()).contains("1 jobs skipped for bad records (--skip-bad)");
  }

  @Test
  void aReusedJobIdIsAnError() throws IOException {
    Path file = write(TRACE.replace("\"job_2\"", "\"job_1\"").replace("\"job.count\" : 2,", ""));

    assertThatThrownBy(() -> read(file, false, new ArrayList<>()))
        .hasMessage(file + " line 31 (entry 3) job.id: 'job_1' was used by an earlier job");
  }

  @Test
  void brokenJsonNamesLineAndColumn() throws IOException {
    Path file = write("{ \"job.start.ms\": 0,\n  \"job.tasks\": [ { \"duration.ms\": 1 } ]\n  oops }");

    assertThatThrownBy(() -> read(file, true, new ArrayList<>()))
        .hasMessageStartingWith(file + " line 3 column 4: not valid JSON");
  }

  @Test
  void durationIsRequired() throws IOException {
    Path file = write("{ \"job.start.ms\": 0, \"job.tasks\": [ { \"container.type\": \"map\" } ] }");

    assertThatThrownBy(() -> read(file, false, new ArrayList<>()))
        .hasMessageContaining("job.tasks[0]: no run time: expected container.duration.ms, duration.ms, or "
            + "container.start.ms and container.end.ms");
  }

  @Test
  void formatIsDetectedFromTheContent() throws IOException {
    assertThat(WorkloadFormat.detect(write(TRACE))).isEqualTo(WorkloadFormat.SLS);
  }

  private static Workload read(Path file, boolean skipBad, List<String> skipped) throws IOException {
    return SlsTrace.read(file, new ReadContext(CLUSTER, 1, skipBad, skipped));
  }

  private Path write(String text) throws IOException {
    return Files.writeString(dir.resolve("sls-jobs.json"), text);
  }
}
