package io.tezext.simulator.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResultCollectorTest {
  @Test
  void aPointDeliveredTwiceIsKeptOnceAndLinesComeInIdOrder() {
    ResultCollector c = new ResultCollector();
    assertThat(c.add("s01-c0-w0-seed2", "b")).isTrue();
    assertThat(c.add("s00-c0-w0-seed1", "a")).isTrue();
    assertThat(c.add("s01-c0-w0-seed2", "b")).as("a retried attempt's copy").isFalse();

    assertThat(c.lines()).containsExactly("a", "b");
    assertThat(c.duplicates()).isEqualTo(1);
    assertThat(c.size()).isEqualTo(2);
  }

  @Test
  void twoDifferentResultsForOnePointAreAnErrorNotAChoice() {
    ResultCollector c = new ResultCollector();
    c.add("s00-c0-w0-seed1", "a");
    assertThatThrownBy(() -> c.add("s00-c0-w0-seed1", "z")).hasMessageContaining("s00-c0-w0-seed1 arrived twice");
  }
}
