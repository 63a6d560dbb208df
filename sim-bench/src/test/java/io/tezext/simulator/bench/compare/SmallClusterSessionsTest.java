package io.tezext.simulator.bench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.VertexSpec;

class SmallClusterSessionsTest {
  private final ComparisonScenario scenario = new ComparisonScenarios(Path.of("..")).smallClusterSessions();

  @Test
  void runsOnSchedRealSessionsClusterOfFourOneGigabyteNodes() {
    ComparisonScenario.Run run = scenario.build(11);

    assertThat(run.scenario().cluster().nodes()).hasSize(4).allSatisfy(n -> assertThat(n.memoryMb()).isEqualTo(1024));
    assertThat(run.scenario().cluster().nodes().stream().map(NodeSpec::rack).distinct()).hasSize(2);
    assertThat(run.workload().submissions()).hasSize(60).allSatisfy(d -> assertThat(d.dag().vertices())
        .extracting(VertexSpec::memoryMb).containsOnly(ComparisonScenarios.SMALL_CLUSTER_CONTAINER_MB));
  }

  @Test
  void itsYarnLetsTheThreeSessionsAmsRunAtOnceAsSchedRealSessionsDoes() {
    YarnSettings yarn = scenario.build(11).scenario().cluster().yarn();

    // maximum-am-resource-percent 0.5 as the real cluster sets it: 3 AMs of 512 MB in 4 GB (YARN's
    // default 10% would start one at a time, the others' AMs waiting as the queue's pending memory).
    assertThat(yarn.get(YarnSettings.MAX_AM_SHARE_PERCENT)).isEqualTo(50.0);
    assertThat(yarn.get(YarnSettings.MINIMUM_ALLOCATION_MB)).isEqualTo(128L); // TezTestCluster's, the headroom's step
  }

  @Test
  void eachSessionsFirstQueryArrivesAtItsTimeAndTheRestAThinkTimeAfterTheLastEnded() {
    Map<String, Integer> seen = new HashMap<>();
    long thinkSum = 0;
    int closed = 0;
    for (DagSubmission d : scenario.build(12).workload().submissions()) {
      boolean first = seen.merge(d.session(), 1, Integer::sum) == 1;
      assertThat(d.closedLoop()).as(d.id()).isEqualTo(!first);
      if (!first) {
        thinkSum += d.thinkMs();
        closed++;
      }
    }
    assertThat(seen).hasSize(3);
    assertThat(closed).isEqualTo(57);
    // exponential think times of mean 3 s: 57 of them average within 1.5-4.5 s
    assertThat(thinkSum / closed).isBetween(1_500L, 4_500L);
  }

  @Test
  void aSeedGivesOneWorkloadAndAnotherSeedAnother() {
    List<Long> thinks = thinks(13);
    assertThat(thinks(13)).isEqualTo(thinks);
    assertThat(thinks(14)).isNotEqualTo(thinks);
  }

  private List<Long> thinks(long seed) {
    return scenario.build(seed).workload().submissions().stream().map(DagSubmission::thinkMs).toList();
  }
}
