package io.tezext.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.IdealShares.Demand;

/** Queues' ideal shares as YARN's preemption policy works them out: by hand, and as a real RM logged them. */
class IdealSharesTest {
  @Test
  void everyStateARealCapacitySchedulerLoggedGetsTheIdealSharesItComputed() throws IOException {
    List<String> rows;
    try (InputStream in = getClass().getResourceAsStream("yarn-ideal-shares.csv")) {
      rows = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.startsWith("#") && !l.startsWith("cluster_mb")).toList();
    }
    assertThat(rows).hasSizeGreaterThan(30);
    for (String row : rows) {
      long[] v = Arrays.stream(row.split(",")).mapToLong(Long::parseLong).toArray();
      long cluster = v[0];
      long[] ideal = IdealShares.of(List.of(new Demand(v[1], cluster, v[2], v[3]), new Demand(v[5], cluster, v[6], v[7])),
          cluster);
      assertThat(ideal).as(row).containsExactly(v[4], v[8]);
    }
  }

  @Test
  void aQueueBelowItsGuaranteeIsBroughtUpToItBeforeTheOtherKeepsAnythingAboveItsOwn() {
    // sched-real's cluster: 4 GB, two queues of 50%. The session holds 1 GB (its AM and two tasks)
    // and asks 1.5 GB more; the competitor holds 3 GB and asks for more. The session, least served,
    // is offered the free 1 GB round after round (512, 256, ... MB) until it reaches its 2 GB
    // guarantee: the competitor keeps 2 GB and gives back four 256 MB containers, as the real RM did
    // (sched-real's quiet run, pair 5: four competitor containers killed at once).
    long[] ideal = IdealShares.of(List.of(new Demand(2048, 4096, 1024, 1536), new Demand(2048, 4096, 3072, 4096)),
        4096);
    assertThat(ideal).containsExactly(2048, 2048);
  }

  @Test
  void aQueueWantingLessThanItsGuaranteeLeavesTheRestToTheQueueAboveIt() {
    // b wants 1,000 MB more, so its ideal is 3,000; the 2,000 left go back to a, least served of
    // those still wanting, up to its use: a gives back 1,000 of its 8,000.
    long[] ideal = IdealShares.of(List.of(new Demand(5000, 10_000, 8000, 0), new Demand(5000, 10_000, 2000, 1000)),
        10_000);
    assertThat(ideal).containsExactly(7000, 3000);
  }

  @Test
  void queuesAtTheirGuaranteeTakeNoneOfTheSpareBeyondWhatTheyUse() {
    // c's 60% lies idle; a and b want more but YARN caps a leaf queue's ideal at the larger of its
    // guarantee and its use, so their ideals are their use and nothing is preempted for them.
    long[] ideal = IdealShares.of(List.of(new Demand(1000, 10_000, 1000, 5000), new Demand(3000, 10_000, 3000, 5000),
        new Demand(6000, 10_000, 0, 0)), 10_000);
    assertThat(ideal).containsExactly(1000, 3000, 0);
  }

  @Test
  void equallyServedQueuesShareInProportionToTheirGuarantees() {
    // Both hold half their guarantee and want all of it: each round offers a 0.25 and b 0.75 of
    // what is left, and both end at their guarantees.
    long[] ideal = IdealShares.of(List.of(new Demand(1000, 4000, 500, 4000), new Demand(3000, 4000, 1500, 4000)),
        4000);
    assertThat(ideal).containsExactly(1000, 3000);
  }
}
