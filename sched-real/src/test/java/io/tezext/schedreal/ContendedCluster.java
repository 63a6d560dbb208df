package io.tezext.schedreal;

import java.util.ArrayList;
import java.util.List;

import io.tezext.testkit.CapacityQueue;
import io.tezext.testkit.NodeHosts;
import io.tezext.testkit.RmPreemption;
import io.tezext.testkit.TezTestCluster;

/**
 * The real cluster the schedulers are compared on: four NodeManagers of 1 GB and 4 vcores, each a
 * host of its own, two to a rack; YARN's CapacityScheduler with its default (memory-only) resource
 * calculator and two queues of half the cluster each that may grow to all of it, one application
 * included; the RM's preemption monitor with YARN's defaults. Containers of 256 MB (AMs 512 MB), so
 * twelve task containers fit beside the two AMs: a session's queue holds its AM and six of them,
 * fewer than its DAGs' widest vertices ask for.
 */
final class ContendedCluster {
  static final String SESSION_QUEUE = "session";
  static final String BATCH_QUEUE = "batch";
  static final int NODE_MB = 1024;
  static final int NODE_VCORES = 4;
  static final int TASK_VCORES = 1;

  private ContendedCluster() {
  }

  static TezTestCluster.Builder builder() {
    return TezTestCluster.builder()
        .hostPerNode("/rack-1", "/rack-1", "/rack-2", "/rack-2")
        .nodeMemoryMb(NODE_MB)
        .nodeVcores(NODE_VCORES)
        .amMemoryMb(512)
        .taskMemoryMb(256)
        .queue(CapacityQueue.elastic(SESSION_QUEUE, 50))
        .queue(CapacityQueue.elastic(BATCH_QUEUE, 50))
        .rmPreemption(RmPreemption.YARN_DEFAULTS);
  }

  /** The cluster's shape as a run's manifest records it. */
  static RunManifest.Cluster shape(TezTestCluster cluster) {
    NodeHosts hosts = cluster.nodeHosts();
    List<RunManifest.Node> nodes = new ArrayList<>();
    for (String host : hosts.hosts()) {
      nodes.add(new RunManifest.Node(host, hosts.rackOf(host), cluster.nodeMemoryMb(), cluster.nodeVcores()));
    }
    String calculator = cluster.dominantResources() ? "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
        : "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator";
    return new RunManifest.Cluster(nodes, calculator, cluster.queues(), cluster.rmPreemption().orElse(null),
        cluster.amMemoryMb(), cluster.taskMemoryMb(), TASK_VCORES);
  }
}
