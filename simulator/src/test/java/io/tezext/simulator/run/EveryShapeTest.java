package io.tezext.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.DagShape;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/** DagAware, with invariants checked on every event, completes every synthetic shape. */
class EveryShapeTest {

  @ParameterizedTest
  @EnumSource(DagShape.class)
  void dagAwareCompletesEveryDagOfTheShape(DagShape shape) {
    ClusterSpec cluster = TestWorkloads.cluster(2, 4, 16384);
    SyntheticOptions only = new SyntheticOptions(12, 5_000, Map.of(shape, 1.0), 2, 40, 8_000, 0.8, 0.3, 2,
        List.of("default"));
    Workload w = SyntheticWorkloads.generate(only, cluster.hosts(), shape.ordinal());

    RunResult r = TestWorkloads.run(TestWorkloads.scenario(cluster), w);

    assertThat(r.dags()).hasSize(12).allMatch(DagRecord::succeeded);
    assertThat(r.dags()).allMatch(d -> d.finishMs() - d.startMs() >= d.criticalPathMs(),
        "no DAG beats its critical path");
  }
}
