package io.tezext.schedreal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceOption;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.api.protocolrecords.UpdateNodeResourceRequest;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;

import io.tezext.testkit.CapacityQueue;
import io.tezext.testkit.RmPreemption;
import io.tezext.testkit.TezTestCluster;

/**
 * The real cluster the schedulers are compared on: four NodeManagers of 1 GB and 4 vcores, each a
 * host of its own, two to a rack; YARN's CapacityScheduler with its default (memory-only) resource
 * calculator and two queues of half the cluster each that may grow to all of it, one application
 * included; the RM's preemption monitor ({@link #PREEMPTION}). Containers of 256 MB (AMs 512 MB), so
 * twelve task containers fit beside the two AMs: a session's queue holds its AM and six of them,
 * fewer than its DAGs' widest vertices ask for.
 */
final class ContendedCluster {
  static final String SESSION_QUEUE = "session";
  static final String BATCH_QUEUE = "batch";
  static final int NODE_MB = 1024;
  static final int NODE_VCORES = 4;
  static final int TASK_VCORES = 1;
  /**
   * The RM's preemption as YARN's defaults have it on a large cluster: every 3 s, the dead zone of 10%,
   * a marked container killed after 15 s (the warning Tez ignores), and a queue's deficit marked in one
   * round. YARN's per-round limit (10% of the cluster) and natural termination factor (20% of the
   * deficit per round) are shares of the cluster; on a large one they exceed a session's deficit, but
   * on these 4 GB they come to one 256 MB container per 15 s grace, which kept a session's first DAG
   * waiting 60-100 s for containers it was owed. So per round up to half the cluster, and the whole
   * deficit.
   */
  static final RmPreemption PREEMPTION = new RmPreemption(
      RmPreemption.YARN_DEFAULTS.monitoringIntervalMs(), RmPreemption.YARN_DEFAULTS.maxWaitBeforeKillMs(), 0.5,
      RmPreemption.YARN_DEFAULTS.maxIgnoredOverCapacity(), 1.0);

  private ContendedCluster() {
  }

  static TezTestCluster.Builder builder() {
    return builder(PREEMPTION);
  }

  /** The cluster with other preemption settings. */
  static TezTestCluster.Builder builder(RmPreemption preemption) {
    return TezTestCluster.builder()
        .hostPerNode("/rack-1", "/rack-1", "/rack-2", "/rack-2")
        .nodeMemoryMb(NODE_MB)
        .nodeVcores(NODE_VCORES)
        .amMemoryMb(512)
        .taskMemoryMb(256)
        .queue(CapacityQueue.elastic(SESSION_QUEUE, 50))
        .queue(CapacityQueue.elastic(BATCH_QUEUE, 50))
        .rmPreemption(preemption);
  }

  /** The cluster's shape as a run's manifest records it, its nodes as the ResourceManager sees them now. */
  static RunManifest.Cluster shape(TezTestCluster cluster) {
    List<RunManifest.Node> nodes = new ArrayList<>();
    for (RMNode n : cluster.yarnCluster().getResourceManager().getRMContext().getRMNodes().values()) {
      nodes.add(new RunManifest.Node(n.getHostName(), n.getRackName(), (int) n.getTotalCapability().getMemorySize(),
          n.getTotalCapability().getVirtualCores()));
    }
    nodes.sort(Comparator.comparing(RunManifest.Node::host));
    String calculator = cluster.dominantResources() ? "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
        : "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator";
    int minimumAllocationMb = cluster.yarnCluster().getResourceManager().getConfig().getInt(
        YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, YarnConfiguration.DEFAULT_RM_SCHEDULER_MINIMUM_ALLOCATION_MB);
    return new RunManifest.Cluster(nodes, calculator, minimumAllocationMb, cluster.queues(),
        cluster.rmPreemption().orElse(null), cluster.amMemoryMb(), cluster.taskMemoryMb(), TASK_VCORES);
  }

  /**
   * Gives every node {@code vcores} from now on, as {@code yarn rmadmin -updateNodeResource} does,
   * keeping its memory: the RM then schedules against the new total.
   */
  static void setNodeVcores(TezTestCluster cluster, int vcores) throws IOException, YarnException {
    ResourceManager rm = cluster.yarnCluster().getResourceManager();
    Map<NodeId, ResourceOption> update = new HashMap<>();
    for (RMNode n : rm.getRMContext().getRMNodes().values()) {
      Resource r = Resource.newInstance(n.getTotalCapability().getMemorySize(), vcores);
      update.put(n.getNodeID(), ResourceOption.newInstance(r, -1));
    }
    rm.getRMContext().getRMAdminService().updateNodeResource(UpdateNodeResourceRequest.newInstance(update));
  }
}
