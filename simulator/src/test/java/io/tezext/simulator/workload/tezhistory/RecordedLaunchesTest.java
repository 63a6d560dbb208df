package io.tezext.simulator.workload.tezhistory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.workload.tezhistory.RecordedLaunches.Kind;
import io.tezext.simulator.workload.tezhistory.RecordedLaunches.Launch;

class RecordedLaunchesTest {

  private static Launch launch(String app, String vertex, int task, String node, String container, long allocationMs,
      long startMs, long workMs) {
    return new Launch(app, "dag_1", vertex, task, node, container, allocationMs, startMs, startMs + workMs, workMs);
  }

  @Test
  void newContainersAllocatedBeforeTheApplicationRanOnTheirNodeAreLocalizing() {
    RecordedLaunches l = RecordedLaunches.of(List.of(
        // node a: two containers while localizing, then a later one, then a reuse of the first
        launch("app1", "v", 0, "a:1", "c1", 1_000, 5_000, 1_000),
        launch("app1", "v", 1, "a:1", "c2", 2_000, 6_000, 1_000),
        launch("app1", "v", 2, "a:1", "c3", 9_000, 11_500, 1_000),
        launch("app1", "v", 3, "a:1", "c1", 8_000, 8_020, 1_000),
        // another application on the same node localizes again
        launch("app2", "w", 0, "a:1", "c9", 1_000, 5_500, 1_000)));

    assertThat(l.latenciesMs(Kind.LOCALIZING)).containsExactlyInAnyOrder(4_000, 4_000, 4_500);
    assertThat(l.latenciesMs(Kind.COLD)).containsExactly(2_500);
    assertThat(l.latenciesMs(Kind.WARM)).containsExactly(20);
    assertThat(l.medianColdMs(0)).isEqualTo(2_500);
    assertThat(l.medianLocalizationMs()).isEqualTo(1_500);
    assertThat(l.medianWarmMs(0)).isEqualTo(20);
  }

  @Test
  void withoutLaterColdLaunchesTheLocalizingOnesAreTheColdLatency() {
    RecordedLaunches l = RecordedLaunches.of(List.of(launch("app1", "v", 0, "a:1", "c1", 1_000, 5_000, 100)));

    assertThat(l.medianColdMs(1_500)).isEqualTo(4_000);
    assertThat(l.medianLocalizationMs()).isZero();
    assertThat(l.medianWarmMs(100)).isEqualTo(100);
  }

  @Test
  void theColdTaskPenaltyComesFromVerticesThatRanTasksInNewAndReusedJvms() {
    RecordedLaunches l = RecordedLaunches.of(List.of(
        // vertex v: new JVMs ran 4.0 and 4.2 s (median 4.1), reused ones 2.5 and 2.6 s (2.55): 1.55 s
        launch("app1", "v", 0, "a:1", "c1", 0, 4_000, 4_000),
        launch("app1", "v", 1, "a:1", "c2", 0, 4_000, 4_200),
        launch("app1", "v", 2, "a:1", "c1", 8_100, 8_150, 2_500),
        launch("app1", "v", 3, "a:1", "c2", 8_300, 8_350, 2_600),
        // vertex w ran only in reused JVMs: no evidence
        launch("app1", "w", 0, "a:1", "c1", 11_000, 11_020, 900)));

    assertThat(l.verticesWithColdAndWarmTasks()).isEqualTo(1);
    assertThat(l.coldTaskPenaltyMs()).isEqualTo(1_550);
    assertThat(l.tasksInNewJvms()).containsExactlyInAnyOrder("dag_1/v/0", "dag_1/v/1");
    assertThat(l.nodes()).containsExactly("a:1");
    assertThat(l.peakContainers()).isEqualTo(2);
  }
}
