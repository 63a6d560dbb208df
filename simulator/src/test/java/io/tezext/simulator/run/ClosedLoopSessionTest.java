package io.tezext.simulator.run;

import static io.tezext.simulator.run.TestWorkloads.cluster;
import static io.tezext.simulator.run.TestWorkloads.mapReduce;
import static io.tezext.simulator.run.TestWorkloads.run;
import static io.tezext.simulator.run.TestWorkloads.scenario;
import static io.tezext.simulator.run.TestWorkloads.workload;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.metrics.ContainerRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.RunHealth;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.workload.DagSubmission;

/** A closed-loop session's DAGs arrive their think time after the last one ends, not at their recorded time. */
class ClosedLoopSessionTest {

  @Test
  void eachDagArrivesItsThinkTimeAfterTheLastOneEnded() {
    RunResult r = run(scenario(cluster(1, 4, 16384)), workload(
        new DagSubmission("q1", 0, "default", "hive-1", mapReduce("q1", 8, 2, 10_000)),
        new DagSubmission("q2", 600_000, "default", "hive-1", mapReduce("q2", 8, 2, 10_000), 2_000),
        new DagSubmission("q3", 600_001, "default", "hive-1", mapReduce("q3", 4, 1, 10_000), 0)));

    Map<String, DagRecord> dags = byId(r);
    assertThat(dags.values()).hasSize(3).allMatch(DagRecord::succeeded);
    assertThat(dags.get("q2").arrivalMs()).as("q1's end and the client's 2 s").isEqualTo(dags.get("q1").finishMs() + 2_000);
    assertThat(dags.get("q3").arrivalMs()).isEqualTo(dags.get("q2").finishMs());
    assertThat(dags.get("q3").startMs()).isGreaterThanOrEqualTo(dags.get("q3").arrivalMs());
    assertThat(dags.get("q3").finishMs()).as("the whole session ran well before q2's recorded arrival").isLessThan(600_000);
  }

  @Test
  void aShortThinkKeepsTheSessionsContainersWhereTheRecordedTimeWouldNot() {
    DagSubmission first = new DagSubmission("q1", 0, "default", "hive-1", mapReduce("q1", 8, 2, 10_000));
    RunResult closed = run(scenario(cluster(1, 4, 16384)), workload(first,
        new DagSubmission("q2", 600_000, "default", "hive-1", mapReduce("q2", 8, 2, 10_000), 2_000)));
    RunResult open = run(scenario(cluster(1, 4, 16384)), workload(first,
        new DagSubmission("q2", 600_000, "default", "hive-1", mapReduce("q2", 8, 2, 10_000))));

    assertThat(byId(open).get("q2").arrivalMs()).as("an open-loop DAG arrives at its own time").isEqualTo(600_000);
    assertThat(startedInAnEarlierContainer(closed, "q2")).as("a 2 s pause keeps the session's containers").isTrue();
    assertThat(startedInAnEarlierContainer(open, "q2")).as("ten idle minutes do not").isFalse();
    assertThat(closed.counters().containersLaunched()).isLessThan(open.counters().containersLaunched());
  }

  @Test
  void aFollowerOfAFailedDagIsStillSubmitted() {
    Scenario s = scenario(cluster(1, 2, 8192));
    Scenario failing = new Scenario(s.cluster(), s.am(), new Failures(List.of(), 0.999), s.seed(), s.sampleIntervalMs());

    RunResult r = run(failing, workload(
        new DagSubmission("q1", 0, "default", "hive-1", mapReduce("q1", 2, 1, 5_000)),
        new DagSubmission("q2", 1_000, "default", "hive-1", mapReduce("q2", 2, 1, 5_000), 500)));

    Map<String, DagRecord> dags = byId(r);
    assertThat(dags.values()).as("every container fails: both DAGs fail").hasSize(2).noneMatch(DagRecord::succeeded);
    assertThat(dags.get("q2").arrivalMs()).isEqualTo(dags.get("q1").finishMs() + 500);
  }

  @Test
  void aSessionStuckBeforeItsClosedLoopDagsIsCalledHung() {
    // The session's queue may grow to 5% of the cluster, less than its AM: its first DAG never
    // starts, so the DAG its client would submit after it never arrives. A run waiting on that is
    // a hang, not a wait.
    Scenario tiny = TestWorkloads.withQueues(cluster(1, 2, 8192),
        List.of(new QueueSpec("default", 95, 95, 1), new QueueSpec("tiny", 5, 5, 1)), false);

    RunResult r = run(tiny, workload(
        new DagSubmission("q1", 0, "tiny", "hive-1", mapReduce("q1", 2, 1, 5_000)),
        new DagSubmission("q2", 1_000, "tiny", "hive-1", mapReduce("q2", 2, 1, 5_000), 500)));

    assertThat(r.health().end()).isEqualTo(RunHealth.End.HUNG);
    assertThat(r.dags()).isEmpty();
  }

  private static boolean startedInAnEarlierContainer(RunResult r, String dag) {
    long arrival = byId(r).get(dag).arrivalMs();
    Map<Long, Long> allocatedMs = r.containers().stream()
        .collect(Collectors.toMap(ContainerRecord::id, ContainerRecord::allocatedMs));
    return r.attempts().stream().filter(a -> a.dagId().equals(dag)).anyMatch(a -> allocatedMs.get(a.containerId()) < arrival);
  }

  private static Map<String, DagRecord> byId(RunResult r) {
    return r.dags().stream().collect(Collectors.toMap(DagRecord::id, Function.identity()));
  }
}
