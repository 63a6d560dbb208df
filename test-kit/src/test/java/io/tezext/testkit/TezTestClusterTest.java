package io.tezext.testkit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TezTestClusterTest {

  @Test
  void containersLargerThanANodeAreRejectedWithBothSizesNamed() {
    assertThatThrownBy(() -> TezTestCluster.builder().nodeMemoryMb(1024).amMemoryMb(2048).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2048 MB")
        .hasMessageContaining("1024 MB");
  }

  @Test
  void nonPositiveSizesAreRejectedNamingTheSetting() {
    assertThatThrownBy(() -> TezTestCluster.builder().nodeManagers(0))
        .hasMessage("nodeManagers must be positive, was 0");
  }

  @Test
  void askingForConfigurationBeforeStartExplainsHowToRegisterTheCluster() {
    assertThatThrownBy(() -> TezTestCluster.builder().build().tezConfiguration())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@RegisterExtension");
  }
}
