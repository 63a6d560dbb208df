package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class SharedQueueRunTest {
  @Test
  void eachSessionRunsEveryDagOnceFromItsOwnStartWithBoundedPausesTheSameForBothRunsOfAPair() {
    SharedQueueRun.Plan plan = SharedQueueRun.plan(2, 3);
    List<String> names = HiveShapes.session().stream().map(DagShape::name).toList();
    assertThat(plan.sessions()).isEqualTo(3);
    for (int i = 0; i < 3; i++) {
      // Tez takes a DAG name once per session.
      assertThat(plan.dags().get(i).stream().map(DagShape::name)).containsExactlyInAnyOrderElementsOf(names);
      assertThat(plan.pausesMs().get(i)).hasSize(names.size())
          .allSatisfy(p -> assertThat(p).isBetween(0L, SharedQueueRun.MAX_PAUSE_MS));
    }
    assertThat(plan.dags().stream().map(d -> d.get(0).name()).distinct()).hasSize(3);
    assertThat(SharedQueueRun.plan(2, 3)).isEqualTo(plan);
    assertThat(SharedQueueRun.plan(3, 3).pausesMs()).isNotEqualTo(plan.pausesMs());
  }
}
