package io.tezext.simulator.workload.tezhistory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.workload.tezhistory.LaunchLatencies.Launch;

class LaunchLatenciesTest {

  @Test
  void newContainersAllocatedBeforeTheApplicationRanOnTheirNodeAreLocalizing() {
    LaunchLatencies l = LaunchLatencies.of(List.of(
        // node a: two containers while localizing, then a later one, then a reuse of the first
        new Launch("app1", "a", "c1", 1_000, 5_000),
        new Launch("app1", "a", "c2", 2_000, 6_000),
        new Launch("app1", "a", "c3", 9_000, 11_500),
        new Launch("app1", "a", "c1", 8_000, 8_020),
        // another application on the same node localizes again
        new Launch("app2", "a", "c9", 1_000, 5_500)));

    assertThat(l.localizingMs()).containsExactlyInAnyOrder(4_000, 4_000, 4_500);
    assertThat(l.coldMs()).containsExactly(2_500);
    assertThat(l.warmMs()).containsExactly(20);
    assertThat(l.medianColdMs(0)).isEqualTo(2_500);
    assertThat(l.medianLocalizationMs()).isEqualTo(1_500);
    assertThat(l.medianWarmMs(0)).isEqualTo(20);
  }

  @Test
  void withoutLaterColdLaunchesTheLocalizingOnesAreTheColdLatency() {
    LaunchLatencies l = LaunchLatencies.of(List.of(new Launch("app1", "a", "c1", 1_000, 5_000)));

    assertThat(l.medianColdMs(1_500)).isEqualTo(4_000);
    assertThat(l.medianLocalizationMs()).isZero();
    assertThat(l.medianWarmMs(100)).isEqualTo(100);
  }
}
