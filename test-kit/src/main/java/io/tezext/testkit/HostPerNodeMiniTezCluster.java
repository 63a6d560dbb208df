package io.tezext.testkit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.tez.test.MiniTezCluster;

/**
 * MiniTezCluster with each NodeManager at a host name of its own. MiniYARNCluster gives every
 * NodeManager the same {@code yarn.nodemanager.address} ({@code localhost:0}) when it initializes
 * them, and a NodeManager names itself (its {@code NodeId}, the host YARN reports and Tez matches
 * hints against) by the reverse look-up of the address its container manager's server is bound to,
 * which it reads from that key only when it starts. So, between the two, each NodeManager's own
 * configuration gets its node's name: the server binds that node's loopback address, and the name
 * comes back from the hosts file.
 */
final class HostPerNodeMiniTezCluster extends MiniTezCluster {
  private final NodeHosts hosts;

  HostPerNodeMiniTezCluster(String name, NodeHosts hosts) {
    super(name, hosts.hosts().size(), 1, 1);
    this.hosts = hosts;
  }

  @Override
  public void serviceStart() throws Exception {
    for (int i = 0; i < hosts.hosts().size(); i++) {
      Configuration nm = getNodeManager(i).getConfig();
      nm.set(YarnConfiguration.NM_ADDRESS, hosts.hosts().get(i) + ":0");
    }
    super.serviceStart();
  }
}
