package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.testkit.CapacityQueue;
import io.tezext.testkit.RmPreemption;

class SimulatedReplayCheckTest {

  @Test
  void theScenarioIsTheRecordedClusterAsTheSimulatorReadsIt(@TempDir Path dir) throws Exception {
    RunManifest.Cluster cluster = new RunManifest.Cluster(
        List.of(new RunManifest.Node("nm-1.tezext.test", "/rack-1", 1024, 4),
            new RunManifest.Node("nm-2.tezext.test", "/rack-2", 1024, 2)),
        "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator", 128,
        List.of(CapacityQueue.elastic("session", 50), CapacityQueue.elastic("batch", 50)),
        new RmPreemption(3_000, 15_000, 0.5, 0.1, 1.0), 512, 256, 1);
    Path file = dir.resolve("cluster.json");
    new ObjectMapper().writeValue(file.toFile(), SimulatedReplayCheck.scenario(cluster));

    Scenario s = ScenarioFile.read(file, 1);
    assertThat(s.cluster().nodes()).extracting(n -> n.host() + " " + n.rack() + " " + n.memoryMb() + " " + n.vcores())
        .containsExactly("nm-1.tezext.test /rack-1 1024 4", "nm-2.tezext.test /rack-2 1024 2");
    double factor = CapacityQueue.elastic("session", 50).userLimitFactor();
    assertThat(s.cluster().queues()).extracting(q -> q.name() + " " + q.capacityPercent() + "-"
        + q.maxCapacityPercent() + " x" + q.userLimitFactor())
        .containsExactly("session 50.0-100.0 x" + factor, "batch 50.0-100.0 x" + factor);
    YarnSettings yarn = s.cluster().yarn();
    assertThat(yarn.get(YarnSettings.PREEMPTION)).isTrue();
    assertThat(yarn.get(YarnSettings.PREEMPTION_PER_ROUND)).isEqualTo(0.5);
    assertThat(yarn.get(YarnSettings.PREEMPTION_NATURAL_TERMINATION)).isEqualTo(1.0);
    assertThat(yarn.get(YarnSettings.MINIMUM_ALLOCATION_MB)).isEqualTo(128);
    assertThat(yarn.get(YarnSettings.DOMINANT_RESOURCES)).isFalse();
    assertThat(yarn.get(YarnSettings.PREEMPTION_RANDOM_PHASE)).isTrue();
    assertThat(yarn.get(YarnSettings.PREEMPTION_LATE_KILL_SHARE)).isEqualTo(SimulatedReplayCheck.LATE_KILL_SHARE);
  }

  @Test
  void scanningTasksGetTheHostTheirSplitNamedAndReadHdfs() {
    Workload w = new Workload("recorded", List.of(submission("q2", 0)), List.of());
    Workload hinted = SimulatedReplayCheck.withHints(w, Map.of("q2", Map.of("Map 1", List.of("nm-2", "nm-1"))));

    VertexSpec map = hinted.submissions().get(0).dag().vertices().get(0);
    assertThat(map.input()).isEqualTo(InputStorage.HDFS);
    assertThat(map.tasks()).extracting(TaskSpec::hosts).containsExactly(List.of("nm-2"), List.of("nm-1"));
    assertThat(map.tasks()).extracting(TaskSpec::durationMs).containsExactly(1_000L, 2_000L);
    assertThat(hinted.submissions().get(0).dag().vertices().get(1).input()).isEqualTo(InputStorage.NONE);

    assertThatThrownBy(() -> SimulatedReplayCheck.withHints(w, Map.of("q2", Map.of("Map 1", List.of("nm-2")))))
        .hasMessageContaining("vertex Map 1").hasMessageContaining("1 hints, the history 2 tasks");
  }

  @Test
  void theCompetitorArrivesFirstHoldingItsContainersThroughTheRun() {
    Workload w = new Workload("recorded", List.of(submission("q1", 0), submission("q2", 40_000)), List.of());
    Workload with = SimulatedReplayCheck.withCompetitor(w, 25_000, "batch", 256, 1);

    DagSubmission competitor = with.submissions().get(0);
    assertThat(competitor.arrivalMs()).isZero();
    assertThat(competitor.queue()).isEqualTo("batch");
    assertThat(competitor.session()).isNull();
    VertexSpec load = competitor.dag().vertices().get(0);
    assertThat(load.tasks()).hasSize(Competitor.CONCURRENCY);
    assertThat(load.memoryMb()).isEqualTo(256);
    assertThat(load.tasks().get(0).durationMs()).isGreaterThan(25_000 + 40_000 + 600_000);
    assertThat(with.submissions().subList(1, 3)).extracting(DagSubmission::arrivalMs).containsExactly(25_000L, 65_000L);

    assertThatThrownBy(() -> SimulatedReplayCheck.withCompetitor(w, -1, "batch", 256, 1))
        .hasMessageContaining("after the session's first DAG");
  }

  private static DagSubmission submission(String name, long arrivalMs) {
    DagSpec dag = new DagSpec(name, List.of(
        new VertexSpec("Map 1", 256, 1, InputStorage.UNLOCATED, 0, List.of(TaskSpec.of(1_000), TaskSpec.of(2_000))),
        new VertexSpec("Reducer 2", 256, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(500)))),
        List.of(new EdgeSpec("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER)));
    return new DagSubmission(name, arrivalMs, "session", "app_1", dag);
  }
}
