package io.tezext.simulator.run;

import static io.tezext.simulator.run.TestWorkloads.at;
import static io.tezext.simulator.run.TestWorkloads.cluster;
import static io.tezext.simulator.run.TestWorkloads.mapReduce;
import static io.tezext.simulator.run.TestWorkloads.run;
import static io.tezext.simulator.run.TestWorkloads.scenario;
import static io.tezext.simulator.run.TestWorkloads.workload;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.apache.tez.dag.app.rm.VirtualTimeDagAwareScheduler;
import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;

/** The real DagAwareYarnTaskScheduler, driven through the simulated AM and RM, end to end. */
class DagAwareBehaviourTest {

  @Test
  void everyTaskOfEveryDagSucceedsExactlyOnceOnABusyCluster() {
    RunResult r = run(scenario(cluster(2, 3, 8192)), workload(
        at(0, "a", mapReduce("a", 40, 8, 20_000)),
        at(5_000, "b", mapReduce("b", 25, 4, 15_000)),
        at(9_000, "c", mapReduce("c", 10, 2, 30_000))));

    assertThat(r.dags()).hasSize(3).allMatch(DagRecord::succeeded);
    assertThat(r.attempts()).filteredOn(a -> a.outcome() == AttemptOutcome.SUCCEEDED).hasSize(40 + 8 + 25 + 4 + 10 + 2);
  }

  @Test
  void sameSeedGivesTheSameRecords() {
    RunResult first = run(scenario(cluster(2, 3, 8192)), workload(
        at(0, "a", mapReduce("a", 30, 6, 20_000)), at(3_000, "b", mapReduce("b", 20, 3, 10_000))));
    RunResult second = run(scenario(cluster(2, 3, 8192)), workload(
        at(0, "a", mapReduce("a", 30, 6, 20_000)), at(3_000, "b", mapReduce("b", 20, 3, 10_000))));

    assertThat(second.attempts()).isEqualTo(first.attempts());
    assertThat(second.dags()).isEqualTo(first.dags());
    assertThat(second.containers()).isEqualTo(first.containers());
    assertThat(second.utilization()).isEqualTo(first.utilization());
  }

  @Test
  void aSchedulerNamedByClassRunsExactlyLikeTheRegisteredOne() {
    Scenario scenario = scenario(cluster(2, 3, 8192));
    io.tezext.simulator.workload.Workload w = workload(at(0, "a", mapReduce("a", 30, 6, 20_000)));
    RunResult registered = new Simulation(scenario, w, SchedulerSpec.parse("dagaware"), true,
        Simulation.ProgressListener.NONE).run();
    RunResult byClass = new Simulation(scenario, w,
        SchedulerSpec.parse("class:" + VirtualTimeDagAwareScheduler.class.getName()), true,
        Simulation.ProgressListener.NONE).run();

    assertThat(byClass.scheduler()).isEqualTo("class:" + VirtualTimeDagAwareScheduler.class.getName());
    assertThat(byClass.attempts()).isEqualTo(registered.attempts());
  }

  @Test
  void reducersStartOnlyAfterTheSlowStartFractionOfMapsIsDone() {
    RunResult r = run(scenario(cluster(1, 4, 8192)), workload(at(0, "a", mapReduce("a", 40, 4, 10_000))));

    List<AttemptRecord> maps = r.attempts().stream().filter(a -> a.vertex().equals("Map 1")).toList();
    long tenthMapDone = maps.stream().mapToLong(AttemptRecord::endMs).sorted().skip(9).findFirst().orElseThrow();
    assertThat(r.attempts()).filteredOn(a -> a.vertex().equals("Reducer 2"))
        .allMatch(a -> a.requestedMs() >= tenthMapDone, "reducers requested after 25% of maps (10 of 40) finished");
  }

  @Test
  void dagsOfOneSessionReuseTheSessionsContainers() {
    DagSubmission first = new DagSubmission("q1", 0, "default", "hive-1", mapReduce("q1", 8, 2, 10_000));
    DagSubmission second = new DagSubmission("q2", 1_000, "default", "hive-1", mapReduce("q2", 8, 2, 10_000));

    RunResult r = run(scenario(cluster(1, 4, 16384)), workload(first, second));

    assertThat(r.dags()).hasSize(2).allMatch(DagRecord::succeeded);
    DagRecord q1 = r.dags().get(0);
    DagRecord q2 = r.dags().get(1);
    assertThat(q2.startMs()).as("the session runs its DAGs one after another").isGreaterThanOrEqualTo(q1.finishMs());
    assertThat(r.attempts()).filteredOn(a -> a.dagId().equals("q2") && a.vertex().equals("Map 1"))
        .anyMatch(AttemptRecord::reusedContainer);
    assertThat(r.containers()).filteredOn(c -> c.amContainer()).hasSize(1);
  }

  @Test
  void disablingReuseLaunchesAContainerPerTask() {
    RunResult r = run(TestWorkloads.withTezConf(scenario(cluster(1, 4, 16384)),
        Map.of("tez.am.container.reuse.enabled", "false")), workload(at(0, "a", mapReduce("a", 12, 3, 5_000))));

    assertThat(r.counters().containersReused()).isZero();
    assertThat(r.counters().containersLaunched()).isEqualTo(15);
  }

  @Test
  void failedContainersAreRetriedAndTheDagStillSucceeds() {
    Scenario s = scenario(cluster(1, 4, 16384));
    Scenario failing = new Scenario(s.cluster(), s.am(), new Failures(List.of(), 0.2), s.seed(), s.sampleIntervalMs());

    RunResult r = run(failing, workload(at(0, "a", mapReduce("a", 30, 5, 10_000))));

    assertThat(r.dags()).allMatch(DagRecord::succeeded);
    assertThat(r.attempts()).anyMatch(a -> a.outcome() == AttemptOutcome.FAILED);
    assertThat(r.attempts()).filteredOn(a -> a.outcome() == AttemptOutcome.FAILED)
        .allMatch(a -> a.attempt() < 3, "no task needed its fourth attempt at a 20% failure rate with this seed");
    assertThat(r.counters().workLostMs()).isPositive();
  }

  @Test
  void aLostNodesRunningTasksAndNeededOutputsAreRunAgain() {
    Scenario s = scenario(cluster(1, 3, 8192));
    Scenario losing = new Scenario(s.cluster(), s.am(),
        new Failures(List.of(new Failures.NodeLoss("node-000-001", 30_000)), 0), s.seed(), s.sampleIntervalMs());

    RunResult r = run(losing, workload(at(0, "a", mapReduce("a", 30, 6, 15_000))));

    assertThat(r.dags()).allMatch(DagRecord::succeeded);
    assertThat(r.attempts()).anyMatch(a -> a.outcome() == AttemptOutcome.NODE_LOST);
    assertThat(r.attempts()).filteredOn(a -> a.startMs() > 30_000).noneMatch(a -> a.host().equals("node-000-001"));
  }

  @Test
  void theRmTakesCapacityBackForAnUnderservedQueue() {
    // A user limit factor of 2 lets one application grow past its queue's guarantee to the whole cluster.
    Scenario s = TestWorkloads.withQueues(cluster(1, 4, 8192),
        List.of(new QueueSpec("etl", 50, 100, 2), new QueueSpec("adhoc", 50, 100, 2)), true);
    DagSubmission big = new DagSubmission("big", 0, "etl", null, mapReduce("big", 200, 4, 60_000));
    DagSubmission small = new DagSubmission("small", 30_000, "adhoc", null, mapReduce("small", 8, 1, 5_000));

    RunResult r = run(s, workload(big, small));

    assertThat(r.dags()).allMatch(DagRecord::succeeded);
    assertThat(r.counters().rmPreemptions()).isPositive();
    assertThat(r.attempts()).filteredOn(a -> a.outcome() == AttemptOutcome.PREEMPTED_BY_RM)
        .allMatch(a -> a.dagId().equals("big"));
  }

  @Test
  void dagAwarePreemptsDescendantsHoldingContainersWhenAnAncestorCannotRun() {
    // Reducers start at 25% of maps and fill the tiny cluster; a map retried after a failure then
    // has nowhere to run, and DagAware preempts a reducer (a descendant) for it.
    Scenario s = scenario(cluster(1, 1, 4096));
    Scenario failing = new Scenario(s.cluster(), s.am(), new Failures(List.of(), 0.3), s.seed(), s.sampleIntervalMs());

    RunResult r = run(failing, workload(at(0, "a", mapReduce("a", 20, 6, 20_000))));

    assertThat(r.dags()).allMatch(DagRecord::succeeded);
    assertThat(r.counters().amPreemptions()).isPositive();
    assertThat(r.attempts()).filteredOn(a -> a.outcome() == AttemptOutcome.PREEMPTED_BY_AM)
        .allMatch(a -> a.vertex().equals("Reducer 2"));
  }

  @Test
  void aOneToOneConsumerRunsInItsSourceTasksContainer() {
    // When the consumers ask (after the slow broadcast), all six source containers are idle at once;
    // without the affinity to its source task's container, DagAware hands them out in its own order.
    // Tez numbers these names Map 4, Map 1, Map 2, Reducer 3: the idle scan's containers come first.
    DagSpec pipeline = new DagSpec("pipeline", List.of(
        new VertexSpec("Map 4", 1024, 1, InputStorage.NONE, 0, TestWorkloads.tasks(6, 3_000)),
        new VertexSpec("Map 1", 1024, 1, InputStorage.NONE, 0, TestWorkloads.tasks(6, 3_000)),
        new VertexSpec("Map 2", 1024, 1, InputStorage.NONE, 0, List.of(TaskSpec.of(7_000))),
        new VertexSpec("Reducer 3", 1024, 1, InputStorage.NONE, 0, TestWorkloads.tasks(6, 2_000))),
        List.of(new EdgeSpec("Map 1", "Reducer 3", DataMovement.ONE_TO_ONE),
            new EdgeSpec("Map 2", "Reducer 3", DataMovement.BROADCAST)));

    RunResult r = run(scenario(cluster(2, 3, 8192)), workload(at(0, "p", pipeline)));

    Map<Integer, Long> sourceContainers = new java.util.HashMap<>();
    r.attempts().stream().filter(a -> a.vertex().equals("Map 1"))
        .forEach(a -> sourceContainers.put(a.task(), a.containerId()));
    assertThat(r.attempts()).filteredOn(a -> a.vertex().equals("Reducer 3")).hasSize(6)
        .allSatisfy(a -> assertThat(a.containerId()).as("task " + a.task()).isEqualTo(sourceContainers.get(a.task())));
  }
}
