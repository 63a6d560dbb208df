package io.tezext.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.apache.hadoop.net.NetworkTopology;
import org.junit.jupiter.api.Test;

class ClusterSpecTest {
  @Test
  void withoutATopologyScriptEveryNodeIsOnTheDefaultRackAsAreHostsTheClusterLacks() {
    ClusterSpec named = ClusterSpec.uniform(4, 2, 8192, 8, List.of(), YarnSettings.DEFAULTS);
    ClusterSpec flat = ClusterSpec.uniform(4, 2, 8192, 8, List.of(),
        YarnSettings.DEFAULTS.with(YarnSettings.RACK_TOPOLOGY, false));

    assertThat(named.rackCount()).isEqualTo(4);
    assertThat(flat.rackCount()).isEqualTo(1);
    assertThat(flat.nodes()).extracting(NodeSpec::rack).containsOnly(NetworkTopology.DEFAULT_RACK);
    assertThat(flat.hosts()).isEqualTo(named.hosts());
    // An object store's "localhost" is on the one rack every node is on, or on a rack with no nodes.
    assertThat(Topology.of(flat).rackOf("localhost")).isEqualTo(NetworkTopology.DEFAULT_RACK);
    assertThat(Topology.of(named).rackOf("localhost")).isNotIn(named.nodes().stream().map(NodeSpec::rack).toList());
  }
}
