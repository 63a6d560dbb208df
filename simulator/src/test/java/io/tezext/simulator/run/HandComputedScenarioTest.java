package io.tezext.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

class HandComputedScenarioTest {

  /** Round numbers so every instant can be computed by hand. */
  private static final AmSettings AM = AmSettings.DEFAULTS.with(AmSettings.SHUFFLE_OVERLAP, 0.0);

  @Test
  void singleTaskOnOneNodeFinishesAtTheInstantTheModelPredicts() {
    Scenario scenario = new Scenario(
        new ClusterSpec(List.of(new NodeSpec("n1", "/r1", 8192, 8)), List.of(), YarnSettings.DEFAULTS),
        AM, Failures.NONE, 1, 60_000);
    DagSpec dag = new DagSpec("one", List.of(new VertexSpec("Map 1", 1024, 1, InputStorage.NONE, 0,
        List.of(TaskSpec.of(10_000)))), List.of());
    Workload workload = new Workload("w", List.of(new DagSubmission("d1", 0, "default", null, dag)), List.of());

    RunResult result = new Simulation(scenario, workload, SchedulerSpec.parse("dagaware"), true,
        Simulation.ProgressListener.NONE).run();

    // t=1000: first node heartbeat places the AM container. t=5000: the AM registers, asks for the
    // task, heartbeats. t=6000: a node heartbeat grants the task container. t=6000 (AM heartbeat,
    // same instant, later phase): the scheduler assigns it. t=7500: launched (1500 ms cold start).
    // t=17500: the 10 s task ends and the DAG with it.
    DagRecord d = result.dags().get(0);
    assertThat(d.succeeded()).isTrue();
    assertThat(d.startMs()).isEqualTo(5_000);
    assertThat(d.finishMs()).isEqualTo(17_500);
    AttemptRecord a = result.attempts().get(0);
    assertThat(a.assignedMs()).isEqualTo(6_000);
    assertThat(a.startMs()).isEqualTo(7_500);
    assertThat(a.outcome()).isEqualTo(AttemptOutcome.SUCCEEDED);
    assertThat(result.counters().containersLaunched()).isEqualTo(1);
    assertThat(result.counters().containersReused()).isZero();
    // Memory over the run, though it is shorter than one sampling interval: the AM's 1024 MB from 1000
    // and the task's from 6000, both to the AM's exit at 17500, over 8192 MB for 17.5 s.
    RunFigures figures = RunFigures.of(result);
    assertThat(figures.get("memory_allocated").value()).isEqualTo((1024.0 * 16_500 + 1024.0 * 11_500) / (8192.0 * 17_500));
    assertThat(figures.get("memory_busy").value()).isEqualTo(1024.0 * 11_500 / (8192.0 * 17_500));
  }

  @Test
  void secondVertexReusesTheFirstVertexsContainer() {
    Scenario scenario = new Scenario(
        new ClusterSpec(List.of(new NodeSpec("n1", "/r1", 2048, 8)), List.of(), YarnSettings.DEFAULTS),
        AM, Failures.NONE, 1, 60_000);
    DagSpec dag = new DagSpec("two", List.of(
        new VertexSpec("Map 1", 1024, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(10_000))),
        new VertexSpec("Reducer 2", 1024, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(5_000)))),
        List.of(new EdgeSpec("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER)));
    Workload workload = new Workload("w", List.of(new DagSubmission("d1", 0, "default", null, dag)), List.of());

    RunResult result = new Simulation(scenario, workload, SchedulerSpec.parse("dagaware"), true,
        Simulation.ProgressListener.NONE).run();

    // Map ends at 17500 as above; the reducer is requested then and DagAware hands it the map's
    // idle container at once: 100 ms warm launch, 5 s of work, done at 22600.
    assertThat(result.dags().get(0).finishMs()).isEqualTo(22_600);
    assertThat(result.counters().containersLaunched()).isEqualTo(1);
    assertThat(result.counters().containersReused()).isEqualTo(1);
  }

  @Test
  void containersAssignedBeforeTheApplicationsFirstTaskStartedOnTheNodePayTheLocalization() {
    AmSettings localizing = AM.with(AmSettings.LOCALIZATION_MS, 3000)
        .withTezConf(Map.of("tez.am.container.reuse.enabled", "false"));
    Scenario scenario = new Scenario(
        new ClusterSpec(List.of(new NodeSpec("n1", "/r1", 8192, 8)), List.of(), YarnSettings.DEFAULTS),
        localizing, Failures.NONE, 1, 60_000);
    DagSpec dag = new DagSpec("two", List.of(
        new VertexSpec("Map 1", 1024, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(10_000), TaskSpec.of(10_000))),
        new VertexSpec("Reducer 2", 1024, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(5_000)))),
        List.of(new EdgeSpec("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER)));
    Workload workload = new Workload("w", List.of(new DagSubmission("d1", 0, "default", null, dag)), List.of());

    RunResult result = new Simulation(scenario, workload, SchedulerSpec.parse("dagaware"), true,
        Simulation.ProgressListener.NONE).run();

    // One off-switch container per node heartbeat: the maps get theirs at 6000 and 7000, before any
    // task of the application has started on the node: each pays 1500 ms cold start + 3000 ms.
    List<AttemptRecord> maps = result.attempts().stream().filter(a -> a.vertex().equals("Map 1")).toList();
    assertThat(maps).extracting(AttemptRecord::assignedMs).containsExactlyInAnyOrder(6_000L, 7_000L);
    assertThat(maps).extracting(AttemptRecord::startMs).containsExactlyInAnyOrder(10_500L, 11_500L);
    // The reducer's new container comes after a task started there: only the cold start.
    AttemptRecord reducer = result.attempts().stream().filter(a -> a.vertex().equals("Reducer 2")).findFirst()
        .orElseThrow();
    assertThat(reducer.reusedContainer()).isFalse();
    assertThat(reducer.startMs() - reducer.assignedMs()).isEqualTo(1_500);
  }
}
