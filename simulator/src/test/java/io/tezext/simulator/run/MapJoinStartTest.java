package io.tezext.simulator.run;

import static io.tezext.simulator.run.TestWorkloads.cluster;
import static io.tezext.simulator.run.TestWorkloads.run;
import static io.tezext.simulator.run.TestWorkloads.scenario;
import static io.tezext.simulator.run.TestWorkloads.tasks;
import static io.tezext.simulator.run.TestWorkloads.workload;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.VertexSpec;

/**
 * A map join as Hive plans it and Tez 0.10.5 starts it: the big table's vertex has a root input and
 * a broadcast input, so RootInputVertexManager schedules its tasks once the vertex has started
 * (its own split generation done and the broadcast's vertex started), not when the broadcast is
 * complete; its tasks then hold their containers, loading nothing, until the broadcast is.
 */
class MapJoinStartTest {
  /** Map 2 (the small table, 3 s of split generation, one 4 s task) broadcast into Map 1 (0.5 s, two 6 s tasks). */
  private static final DagSpec MAP_JOIN = new DagSpec("map join", List.of(
      new VertexSpec("Map 2", 1024, 1, InputStorage.UNLOCATED, 3_000, tasks(1, 4_000)),
      new VertexSpec("Map 1", 1024, 1, InputStorage.UNLOCATED, 500, tasks(2, 6_000))),
      List.of(new EdgeSpec("Map 2", "Map 1", DataMovement.BROADCAST)));

  @Test
  void theJoinIsScheduledWhenItsBroadcastStartsAndWorksWhenTheBroadcastIsDone() {
    RunResult r = run(scenario(cluster(1, 3, 8192)), workload(new DagSubmission("d", 0, "default", null, MAP_JOIN)));

    // The AM registers at 5 s and the DAG starts. Map 1's split generation ends at 5.5 s, but it
    // starts only with Map 2, whose ends at 8 s: all three tasks are asked for at 8 s, granted on
    // the 9 s heartbeats and running after the 1.5 s cold start, at 10.5 s.
    AttemptRecord small = attempt(r, "Map 2", 0);
    AttemptRecord join0 = attempt(r, "Map 1", 0);
    AttemptRecord join1 = attempt(r, "Map 1", 1);
    assertThat(List.of(small.requestedMs(), join0.requestedMs(), join1.requestedMs())).containsOnly(8_000L);
    assertThat(List.of(small.startMs(), join0.startMs(), join1.startMs())).containsOnly(10_500L);
    // The broadcast is done at 14.5 s; the joins waited for it 4 s, then did their whole work.
    assertThat(small.endMs()).isEqualTo(14_500);
    assertThat(join0.waitedMs()).isEqualTo(4_000);
    assertThat(join0.endMs()).isEqualTo(14_500 + 6_000);
    assertThat(join1.endMs()).isEqualTo(14_500 + 6_037);
    assertThat(r.counters().waitingInContainersMs()).isEqualTo(8_000);
  }

  private static AttemptRecord attempt(RunResult r, String vertex, int task) {
    return r.attempts().stream().filter(a -> a.vertex().equals(vertex) && a.task() == task).findFirst().orElseThrow();
  }
}
