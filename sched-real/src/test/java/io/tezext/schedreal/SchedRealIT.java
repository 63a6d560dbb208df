package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;
import io.tezext.testkit.RmPreemption;
import io.tezext.testkit.TezTestCluster;

/**
 * A slice of {@code bench/run sched-real} that asserts behaviour, never time: one pair of runs (Tez's
 * DagAware, then ours) of three Hive-shaped DAGs beside the competing application on the contended
 * cluster. Both schedulers finish every DAG with every row delivered; the RM preempts the
 * competitor; each run's histories read back through the simulator's reader as the DAGs submitted;
 * and tasks ran on several NodeManager hosts, most where their split's hint said.
 */
class SchedRealIT {

  /** The benchmark's cluster with a 5 s grace before the RM kills (15 s there): the slice asserts no time. */
  @RegisterExtension
  static final TezTestCluster CLUSTER = ContendedCluster.builder(new RmPreemption(
      ContendedCluster.PREEMPTION.monitoringIntervalMs(), 5_000, ContendedCluster.PREEMPTION.totalPreemptionPerRound(),
      ContendedCluster.PREEMPTION.maxIgnoredOverCapacity(), ContendedCluster.PREEMPTION.naturalTerminationFactor()))
      .build();

  @Test
  void bothSchedulersFinishEveryDagBesideACompetitorTheRmPreempts() throws Exception {
    RealRun real = new RealRun(CLUSTER, Path.of("target", "sched-real-it").toAbsolutePath());
    List<RunManifest> runs = new ArrayList<>();
    runs.add(real.run("pair-00-dagaware", SchedulerUnderTest.DAG_AWARE, Map.of(), 0, 0, HiveShapes.slice()));
    runs.add(real.run("pair-00-tezext", SchedulerUnderTest.TEZEXT, Map.of(), 0, 1, HiveShapes.slice()));

    int rmPreempted = 0;
    int historyPreempted = 0;
    for (RunManifest run : runs) {
      assertThat(run.dags()).as(run.scheduler()).extracting(RunManifest.DagRun::name)
          .containsExactlyElementsOf(HiveShapes.slice().stream().map(DagShape::name).toList());
      for (RunManifest.DagRun dag : run.dags()) {
        assertThat(dag.state()).as(run.scheduler() + " " + dag.name()).isEqualTo("SUCCEEDED");
        assertThat(dag.rowsIn()).as(run.scheduler() + " " + dag.name() + " rows read per vertex")
            .isEqualTo(dag.shape().expectedRowsIn());
      }
      rmPreempted += run.competitor().rmPreemptedContainers();
      // The RM also counts a container it took back before the competitor's AM launched it, or whose
      // end that AM had not recorded when the run stopped it: the history holds at most the RM's count.
      historyPreempted += run.competitor().history().containersRmPreempted();
      assertThat(run.competitor().history().containersRmPreempted())
          .as("the competitor's history counts the launched containers the RM preempted")
          .isBetween(0, run.competitor().rmPreemptedContainers());
      assertThat(run.session().history().attemptsPerHost()).as(run.scheduler() + ": attempts per host")
          .hasSizeGreaterThan(1);
      assertThat(run.dags().stream().mapToLong(RunManifest.DagRun::dataLocalTasks).sum()).isPositive();
      assertHistoryReadsBackAsSubmitted(run);
    }
    assertThat(rmPreempted).as("containers the RM preempted from the competitor").isPositive();
    assertThat(historyPreempted).as("containers the competitor's history shows the RM preempted").isPositive();
  }

  /** The session's history, read by the simulator, holds the DAGs as submitted: names and each vertex's tasks. */
  private static void assertHistoryReadsBackAsSubmitted(RunManifest run) throws Exception {
    Path runDir = Path.of("target", "sched-real-it", run.runId()).toAbsolutePath();
    List<String> skipped = new ArrayList<>();
    RecordedHistory recorded = TezHistoryReader.readHistory(new ProtoHistoryFiles(run.sessionHistory(runDir)),
        false, skipped);
    assertThat(skipped).isEmpty();
    List<DagSpec> read = recorded.workload().submissions().stream().map(DagSubmission::dag).toList();
    List<DagShape> submitted = HiveShapes.slice();
    assertThat(read).extracting(DagSpec::name).containsExactlyElementsOf(submitted.stream().map(DagShape::name).toList());
    for (int i = 0; i < read.size(); i++) {
      Map<String, Integer> tasks = new TreeMap<>();
      submitted.get(i).vertices().forEach(v -> tasks.put(v.name(), v.tasks()));
      Map<String, Integer> readTasks = new TreeMap<>();
      read.get(i).vertices().forEach(v -> readTasks.put(v.name(), v.parallelism()));
      assertThat(readTasks).as(read.get(i).name()).isEqualTo(tasks);
    }
  }
}
