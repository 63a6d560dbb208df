package io.tezext.simulator.bench.cost;

import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.DNSToSwitchMapping;
import org.apache.hadoop.yarn.util.RackResolver;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.Topology;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.scheduler.SimulatedRackMapping;

/**
 * The sched-cost cluster: sim-speed's 1,000 nodes in 40 racks of 25, known to YARN's
 * {@link RackResolver}. Both schedulers, and YARN's AM-RM client under them, resolve racks through
 * that static resolver; left alone it would ask DNS (or a topology script) for every host, so this
 * JVM's copy is pointed at the simulator's {@link SimulatedRackMapping} once, before any scheduler
 * exists, and checked.
 */
final class RackedCluster {
  static final int RACKS = 40;
  static final int NODES_PER_RACK = 25;

  private static RackedCluster installed;

  final List<String> hosts;
  final Topology topology;

  private RackedCluster(ClusterSpec spec) {
    this.hosts = spec.hosts();
    this.topology = Topology.of(spec);
  }

  /** The cluster, with this JVM's RackResolver resolving its hosts (installed on first use). */
  static synchronized RackedCluster installed() {
    if (installed == null) {
      RackedCluster cluster = new RackedCluster(ClusterSpec.uniform(RACKS, NODES_PER_RACK, 32_768, 16,
          List.of(new QueueSpec("default", 100, 100)), YarnSettings.DEFAULTS));
      Configuration conf = new Configuration(false);
      conf.setClass("net.topology.node.switch.mapping.impl", SimulatedRackMapping.class, DNSToSwitchMapping.class);
      conf.set(SimulatedRackMapping.TOPOLOGY_KEY, cluster.topology.encode());
      RackResolver.init(conf);
      cluster.checkResolver();
      installed = cluster;
    }
    return installed;
  }

  /** RackResolver keeps whatever it was first initialized with; a resolver set up elsewhere would be wrong here. */
  private void checkResolver() {
    for (String host : hosts) {
      String resolved = RackResolver.resolve(host).getNetworkLocation();
      if (!resolved.equals(topology.rackOf(host))) {
        throw new IllegalStateException("YARN's RackResolver puts " + host + " on " + resolved + ", the cluster on "
            + topology.rackOf(host) + ": it was initialized before the benchmark could install its topology");
      }
    }
  }
}
