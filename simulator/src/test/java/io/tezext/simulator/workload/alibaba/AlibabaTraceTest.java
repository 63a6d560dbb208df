package io.tezext.simulator.workload.alibaba;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.io.HeapEstimate;
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

class AlibabaTraceTest {
  /** 2 racks x 4 nodes of 16 GB and 8 vcores. */
  private static final ClusterSpec CLUSTER = ClusterSpec.uniform(2, 4, 16_384, 8, List.of(), YarnSettings.DEFAULTS);

  // task_name, instance_num, job_name, task_type, status, start_time, end_time, plan_cpu, plan_mem
  private static final String TASKS = """
      M1,2,j_7,1,Terminated,86500,86530,100,0.5
      M2,1,j_7,1,Terminated,86501,86520,50,0.5
      R3_1_2,1,j_7,1,Terminated,86531,86560,200,3.0
      task_LTg1,3,j_9,12,Terminated,86400,86410,100,1.0
      M1,1,j_8,1,Terminated,86600,86610,100,0.5
      R2_1,1,j_8,1,Failed,86611,86620,100,0.5
      """;

  @TempDir
  Path dir;

  @Test
  void taskNamesBecomeEdgesAndEachJobIsADag() throws IOException {
    Workload w = read(write("batch_task.csv", TASKS), new ArrayList<>());

    assertThat(w.submissions()).extracting(DagSubmission::id).containsExactly("j_9", "j_7");
    DagSpec j7 = w.submissions().get(1).dag();
    assertThat(j7.edges()).containsExactlyInAnyOrder(
        new EdgeSpec("M1", "R3_1_2", DataMovement.SCATTER_GATHER),
        new EdgeSpec("M2", "R3_1_2", DataMovement.SCATTER_GATHER));
    assertThat(j7.vertices()).extracting(VertexSpec::name).containsExactly("M1", "M2", "R3_1_2");
    // Without batch_instance every instance lasts its task's span.
    assertThat(vertex(j7, "M1").tasks()).extracting(TaskSpec::durationMs).containsExactly(30_000L, 30_000L);
    DagSpec j9 = w.submissions().get(0).dag();
    assertThat(j9.vertices()).singleElement().satisfies(v -> {
      assertThat(v.name()).isEqualTo("task_LTg1");
      assertThat(v.parallelism()).isEqualTo(3);
    });
  }

  @Test
  void aDerivedFileWithAHeaderRowAndWholeNumbersWrittenAsDecimalsReadsTheSame() throws IOException {
    Workload plain = read(write("batch_task.csv", TASKS), new ArrayList<>());
    Path other = Files.createDirectory(dir.resolve("derived"));
    String derived = "task_name,instance_num,job_name,task_type,status,start_time,end_time,plan_cpu,plan_mem\n"
        + TASKS.replace(",2,j_7,", ",2.0,j_7,").replace(",86500,", ",86500.0,");
    Workload fromDerived = read(Files.writeString(other.resolve("batch_task.csv"), derived), new ArrayList<>());

    assertThat(fromDerived.submissions()).isEqualTo(plain.submissions());
  }

  @Test
  void aFractionalInstanceCountIsStillAnError() throws IOException {
    Path file = write("batch_task.csv", TASKS.replace(",2,j_7,", ",2.5,j_7,"));
    assertThatThrownBy(() -> read(file, new ArrayList<>()))
        .hasMessageContaining("line 1 column 2 (instance_num): expected an integer, found '2.5'");
  }

  @Test
  void arrivalsAreFirstTaskStartsShiftedToZero() throws IOException {
    Workload w = read(write("batch_task.csv", TASKS), new ArrayList<>());

    assertThat(w.submissions()).extracting(DagSubmission::arrivalMs).containsExactly(0L, 100_000L);
    assertThat(w.notes()).anyMatch(n -> n.contains("trace second 86400 is 0"));
  }

  @Test
  void containersTakeTheTracesShareOfTheLargestSimulatedNode() throws IOException {
    DagSpec j7 = read(write("batch_task.csv", TASKS), new ArrayList<>()).submissions().get(1).dag();

    // 3% of 16384 MB = 491.5 MB, rounded up to 512; 2 of 96 cores on an 8-vcore node = 0.17, at least 1.
    assertThat(vertex(j7, "R3_1_2").memoryMb()).isEqualTo(512);
    assertThat(vertex(j7, "R3_1_2").vcores()).isEqualTo(1);
    assertThat(vertex(j7, "M1").memoryMb()).isEqualTo(256);
  }

  @Test
  void rootTasksReadSeededSynthesizedBlocksAndTheNotesSaySo() throws IOException {
    Path file = write("batch_task.csv", TASKS);
    Workload w = read(file, new ArrayList<>());

    DagSpec j7 = w.submissions().get(1).dag();
    assertThat(vertex(j7, "M1").input()).isEqualTo(InputStorage.HDFS);
    assertThat(vertex(j7, "R3_1_2").input()).isEqualTo(InputStorage.NONE);
    assertThat(vertex(j7, "R3_1_2").tasks()).allSatisfy(t -> assertThat(t.hosts()).isEmpty());
    assertThat(vertex(j7, "M1").tasks()).allSatisfy(t -> {
      assertThat(t.hosts()).hasSize(3).doesNotHaveDuplicates();
      assertThat(CLUSTER.hosts()).containsAll(t.hosts());
    });
    assertThat(read(file, new ArrayList<>()).submissions()).isEqualTo(w.submissions());
    assertThat(w.notes()).anyMatch(n -> n.startsWith("data locations are synthesized"));
  }

  @Test
  void jobsWithATaskThatDidNotFinishAreLeftOutAndCounted() throws IOException {
    Workload w = read(write("batch_task.csv", TASKS), new ArrayList<>());

    assertThat(w.submissions()).extracting(DagSubmission::id).doesNotContain("j_8");
    assertThat(w.notes()).contains("1 jobs left out: a task did not end Terminated");
  }

  @Test
  void batchInstanceGivesEachInstanceItsOwnDuration() throws IOException {
    Path tasks = write("batch_task.csv.gz", TASKS);
    // instance_name, task_name, job_name, task_type, status, start_time, end_time, machine_id, seq_no,
    // total_seq_no, cpu_avg, cpu_max, mem_avg, mem_max
    write("batch_instance.csv", """
        ins_1,M1,j_7,1,Terminated,86500,86512,m_1,1,1,90,110,0.3,0.4
        ins_2,M1,j_7,1,Terminated,86501,86530,m_2,1,1,,,,
        ins_3,M1,j_7,1,Failed,86500,86502,m_3,1,1,,,,
        ins_4,M2,j_7,1,Terminated,86501,86505,m_3,1,1,,,,
        ins_5,M1,j_8,1,Terminated,86600,86610,m_3,1,1,,,,
        """);

    Workload w = read(dir, new ArrayList<>());

    DagSpec j7 = w.submissions().get(1).dag();
    assertThat(vertex(j7, "M1").tasks()).extracting(TaskSpec::durationMs).containsExactly(12_000L, 29_000L);
    assertThat(vertex(j7, "M2").tasks()).extracting(TaskSpec::durationMs).containsExactly(4_000L);
    assertThat(vertex(j7, "R3_1_2").tasks()).extracting(TaskSpec::durationMs).containsExactly(29_000L);
    assertThat(w.notes()).anyMatch(n -> n.contains("3 Terminated instances used, 1 not Terminated left out, "
        + "1 rows of jobs not replayed"));
    assertThat(w.notes()).contains("2 tasks have no Terminated instance; their instances last the task's span");
  }

  @Test
  void badValueNamesFileLineColumnAndField() throws IOException {
    Path file = write("batch_task.csv", TASKS.replace("R3_1_2,1,j_7,1,Terminated,86531,86560,200,3.0",
        "R3_1_2,1,j_7,1,Terminated,86531,86560,lots,3.0"));

    assertThatThrownBy(() -> read(file, new ArrayList<>()))
        .isInstanceOf(InputFileException.class)
        .hasMessage(file + " line 3 column 8 (plan_cpu): expected a number, found 'lots'");
  }

  @Test
  void dependencyOnAMissingTaskIsAnErrorOrWithSkipBadSkipsTheJob() throws IOException {
    Path file = write("batch_task.csv", TASKS.replace("R3_1_2,", "R3_1_5,"));

    assertThatThrownBy(() -> read(file, new ArrayList<>()))
        .hasMessage(file + " line 3 column 1 (task_name): task 'R3_1_5' runs after task 5, which job j_7 does not have");

    List<String> skipped = new ArrayList<>();
    Workload w = AlibabaTrace.read(file, new ReadContext(CLUSTER, 1, true, skipped));
    assertThat(w.submissions()).extracting(DagSubmission::id).containsExactly("j_9");
    assertThat(skipped).singleElement().asString().contains("task 5");
    assertThat(w.notes()).contains("1 jobs skipped for bad records (--skip-bad)");
  }

  @Test
  void wrongColumnCountIsNamed() throws IOException {
    Path file = write("batch_task.csv", "M1,2,j_7,1,Terminated,86500\n");

    assertThatThrownBy(() -> read(file, new ArrayList<>()))
        .hasMessageStartingWith(file + " line 1: expected 9 columns (task_name, instance_num");
  }

  @Test
  void taskNamesDecodeTheirDependencies() {
    assertThat(TaskName.parse("M5_3_4")).isEqualTo(new TaskName("M5_3_4", 5, List.of(3, 4)));
    assertThat(TaskName.parse("J12")).isEqualTo(new TaskName("J12", 12, List.of()));
    assertThat(TaskName.parse("MergeTask").inDag()).isFalse();
    assertThat(TaskName.parse("task_Nzg3ODAw").inDag()).isFalse();
  }

  @Test
  void aTraceTooLargeForTheHeapFailsInItsFirstRowsNotAfterReadingThemAll() throws IOException {
    StringBuilder rows = new StringBuilder();
    for (int job = 0; job < 100_000; job++) {
      rows.append("M1,1,j_").append(job).append(",1,Terminated,100,200,100,0.5\n");
    }
    Path file = write("batch_task.csv", rows.toString());
    // 100,000 rows of one instance each take about 47 MB; a heap of 16 MB is passed a third of the way in,
    // but the projection from the first 10,000 rows (a tenth of the file) says so at once.
    ReadContext context = new ReadContext(CLUSTER, 1, new BadRecords(false, new ArrayList<>()), new HeapEstimate(16 << 20));

    assertThatThrownBy(() -> AlibabaTrace.read(file, context))
        .isInstanceOf(InputFileException.class)
        .hasMessageStartingWith(file + " line 10000: the whole file would take about 48 MB of heap to replay "
            + "(10,000 rows with 10,000 task instances in its first ")
        .hasMessageContaining("TEZEXT_SIM_HEAP");
  }

  @Test
  void withoutBatchInstanceAndWithUnfinishedJobsTheChangesAreCountedAndStrictRefusesThem() throws IOException {
    Path file = write("batch_task.csv", TASKS + "M1,1,j_9,1,Failed,100,200,100,0.5\n");

    Workload w = read(file, new ArrayList<>());

    assertThat(w.notes()).anyMatch(n -> n.contains("2 jobs left out: a task did not end Terminated"))
        .anyMatch(n -> n.contains("no batch_instance.csv beside batch_task.csv"));
    assertThatThrownBy(() -> AlibabaTrace.read(file, new ReadContext(CLUSTER, 1,
        new BadRecords(false, true, new ArrayList<>()))))
        .hasMessageContaining(file + " line ")
        .hasMessageContaining("column 5 (status): '").hasMessageContaining("', not Terminated: job ");
  }

  @Test
  void formatIsDetectedFromTheFileNameOrDirectory() throws IOException {
    Path file = write("batch_task.csv", TASKS);

    assertThat(WorkloadFormat.detect(file)).isEqualTo(WorkloadFormat.ALIBABA_2018);
    assertThat(WorkloadFormat.detect(dir)).isEqualTo(WorkloadFormat.ALIBABA_2018);
  }

  private static Workload read(Path path, List<String> skipped) throws IOException {
    return AlibabaTrace.read(path, new ReadContext(CLUSTER, 42, false, skipped));
  }

  private static VertexSpec vertex(DagSpec dag, String name) {
    return dag.vertices().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
  }

  private Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    try (OutputStream out = name.endsWith(".gz") ? new GZIPOutputStream(Files.newOutputStream(file))
        : Files.newOutputStream(file)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }
}
