package io.tezext.simulator.am;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VertexStartPolicyTest {
  private final VertexStartPolicy policy = new VertexStartPolicy(0.25, 0.75);

  @Test
  void noConsumerIsScheduledBelowTheMinimumSourceFraction() {
    assertThat(policy.slowStartTarget(10, 0.24)).isZero();
  }

  @Test
  void consumersAreScheduledLinearlyBetweenMinAndMax() {
    assertThat(policy.slowStartTarget(10, 0.25)).isEqualTo(1);
    assertThat(policy.slowStartTarget(10, 0.50)).isEqualTo(5);
    assertThat(policy.slowStartTarget(10, 0.74)).isEqualTo(10);
  }

  @Test
  void everyConsumerIsScheduledAtTheMaximumFraction() {
    assertThat(policy.slowStartTarget(10, 0.75)).isEqualTo(10);
  }

  @Test
  void equalMinAndMaxScheduleEverythingAtOnce() {
    VertexStartPolicy allAtOnce = new VertexStartPolicy(0.5, 0.5);
    assertThat(allAtOnce.slowStartTarget(8, 0.49)).isZero();
    assertThat(allAtOnce.slowStartTarget(8, 0.5)).isEqualTo(8);
  }
}
