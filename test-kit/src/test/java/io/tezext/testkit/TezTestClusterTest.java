package io.tezext.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void queuesWhoseCapacitiesDoNotAddUpToAHundredAreRejected() {
    assertThatThrownBy(() -> TezTestCluster.builder()
        .queue(CapacityQueue.elastic("session", 50)).queue(CapacityQueue.elastic("batch", 40)).build())
        .hasMessageContaining("add up to 90%");
  }

  @Test
  void anElasticQueueLetsOneUserHoldTheWholeCluster() {
    CapacityQueue q = CapacityQueue.elastic("batch", 25);
    assertThat(q.maxCapacityPercent()).isEqualTo(100);
    assertThat(q.capacityPercent() * q.userLimitFactor()).isEqualTo(100f);
  }

  @Test
  void aQueueBeyondItsMaximumIsRejectedNamingIt() {
    assertThatThrownBy(() -> new CapacityQueue("batch", 60, 50, 1f)).hasMessageContaining("queue batch");
  }

  @Test
  void hostPerNodeSetsOneNodeManagerPerRackGiven() {
    TezTestCluster c = TezTestCluster.builder().hostPerNode("/rack-1", "/rack-1", "/rack-2").build();
    assertThat(c.nodeManagers()).isEqualTo(3);
    assertThat(c.nodeHosts().hosts()).containsExactly("nm-1.tezext.test", "nm-2.tezext.test", "nm-3.tezext.test");
    assertThat(c.nodeHosts().rackOf("nm-3.tezext.test")).isEqualTo("/rack-2");
    assertThatThrownBy(() -> TezTestCluster.builder().hostPerNode("rack-1")).hasMessageContaining("/rack-1");
  }

  @Test
  void hostsFileListsThisMachineAndTheNodesAndTheTopologyTableEachHostByNameAndAddress(@TempDir Path dir)
      throws Exception {
    NodeHosts hosts = NodeHosts.onRacks(java.util.List.of("/rack-1", "/rack-2"));
    hosts.writeHostsFile(dir.resolve("hosts"));
    hosts.writeTopologyTable(dir.resolve("topology"));
    assertThat(Files.readAllLines(dir.resolve("hosts")))
        .anyMatch(l -> l.startsWith("127.0.0.1 localhost"))
        .contains("127.0.0.2 nm-1.tezext.test", "127.0.0.3 nm-2.tezext.test");
    assertThat(Files.readAllLines(dir.resolve("topology")))
        .containsExactly("nm-1.tezext.test /rack-1", "127.0.0.2 /rack-1", "nm-2.tezext.test /rack-2", "127.0.0.3 /rack-2");
  }

  @Test
  void rmPreemptionEnablesTheMonitorWithYarnsDefaults() {
    Configuration conf = new Configuration(false);
    RmPreemption.YARN_DEFAULTS.applyTo(conf);
    assertThat(conf.getBoolean("yarn.resourcemanager.scheduler.monitor.enable", false)).isTrue();
    assertThat(conf.get("yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill")).isEqualTo("15000");
    assertThat(conf.get("yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval")).isEqualTo("3000");
  }
}
