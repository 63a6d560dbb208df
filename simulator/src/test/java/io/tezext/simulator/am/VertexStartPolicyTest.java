package io.tezext.simulator.am;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Slow start as Tez 0.10.5's ShuffleVertexManager computes it. */
class VertexStartPolicyTest {
  private final VertexStartPolicy policy = new VertexStartPolicy(0.25, 0.75);

  @Test
  void noConsumerIsScheduledUpToTheMinimumSourceFraction() {
    assertThat(policy.slowStartTarget(10, 0.24f)).isZero();
    assertThat(policy.slowStartTarget(10, 0.25f)).isZero();
  }

  @Test
  void consumersAreScheduledLinearlyBetweenMinAndMaxRoundedUp() {
    assertThat(policy.slowStartTarget(10, 0.26f)).isEqualTo(1);
    assertThat(policy.slowStartTarget(10, 0.50f)).isEqualTo(5);
    assertThat(policy.slowStartTarget(10, 0.74f)).isEqualTo(10);
    // the recorded run of 2 reducers over 4 maps: the first at 2 maps done, the second at 3
    assertThat(policy.slowStartTarget(2, 0.25f)).isZero();
    assertThat(policy.slowStartTarget(2, 0.50f)).isEqualTo(1);
    assertThat(policy.slowStartTarget(2, 0.75f)).isEqualTo(2);
  }

  @Test
  void everyConsumerIsScheduledAtTheMaximumFraction() {
    assertThat(policy.slowStartTarget(10, 0.75f)).isEqualTo(10);
  }

  @Test
  void equalMinAndMaxScheduleEverythingAtOnce() {
    VertexStartPolicy allAtOnce = new VertexStartPolicy(0.5, 0.5);
    assertThat(allAtOnce.slowStartTarget(8, 0.49f)).isZero();
    assertThat(allAtOnce.slowStartTarget(8, 0.5f)).isEqualTo(8);
  }
}
