package io.tezext.simulator.cluster;

import java.util.Locale;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.apache.hadoop.net.NetworkTopology;

/** The simulated cluster: its NodeManagers, its queues and how its ResourceManager behaves. */
public record ClusterSpec(List<NodeSpec> nodes, List<QueueSpec> queues, YarnSettings yarn) {

  public ClusterSpec {
    nodes = yarn.get(YarnSettings.RACK_TOPOLOGY) ? List.copyOf(nodes) : onDefaultRack(nodes);
    queues = checkedQueues(queues);
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("cluster has no nodes");
    }
    Set<String> hosts = new HashSet<>();
    for (NodeSpec n : nodes) {
      if (!hosts.add(n.host())) {
        throw new IllegalArgumentException("cluster has two nodes named " + n.host());
      }
    }
  }

  /** Without a topology script YARN puts every node on {@code /default-rack}. */
  private static List<NodeSpec> onDefaultRack(List<NodeSpec> nodes) {
    List<NodeSpec> flat = new ArrayList<>(nodes.size());
    for (NodeSpec n : nodes) {
      flat.add(new NodeSpec(n.host(), NetworkTopology.DEFAULT_RACK, n.memoryMb(), n.vcores()));
    }
    return List.copyOf(flat);
  }

  /** The queues as the cluster has them (one "default" queue if none), checked: distinct names, capacities adding up to 100%. */
  public static List<QueueSpec> checkedQueues(List<QueueSpec> queues) {
    if (queues.isEmpty()) {
      return List.of(new QueueSpec("default", 100, 100));
    }
    Set<String> names = new HashSet<>();
    double total = 0;
    for (QueueSpec q : queues) {
      if (!names.add(q.name())) {
        throw new IllegalArgumentException("cluster has two queues named " + q.name());
      }
      total += q.capacityPercent();
    }
    if (Math.abs(total - 100) > 1e-6) {
      throw new IllegalArgumentException("queue capacities must add up to 100%, they add up to " + total + "%");
    }
    return List.copyOf(queues);
  }

  /** {@code racks} racks of {@code nodesPerRack} identical nodes named node-RRR-NNN on /rack-RRR. */
  public static ClusterSpec uniform(int racks, int nodesPerRack, int memoryMb, int vcores,
      List<QueueSpec> queues, YarnSettings yarn) {
    if (racks <= 0 || nodesPerRack <= 0) {
      throw new IllegalArgumentException("racks and nodesPerRack must be positive, were " + racks
          + " and " + nodesPerRack);
    }
    List<NodeSpec> nodes = new ArrayList<>(racks * nodesPerRack);
    for (int r = 0; r < racks; r++) {
      for (int n = 0; n < nodesPerRack; n++) {
        nodes.add(new NodeSpec(String.format(Locale.ROOT, "node-%03d-%03d", r, n), String.format(Locale.ROOT, "/rack-%03d", r),
            memoryMb, vcores));
      }
    }
    return new ClusterSpec(nodes, queues, yarn);
  }

  public List<String> hosts() {
    List<String> hosts = new ArrayList<>(nodes.size());
    nodes.forEach(n -> hosts.add(n.host()));
    return hosts;
  }

  public int rackCount() {
    Set<String> racks = new TreeSet<>();
    nodes.forEach(n -> racks.add(n.rack()));
    return racks.size();
  }

  /** The memory of the largest node: YARN's default maximum allocation. */
  public int largestNodeMemoryMb() {
    return nodes.stream().mapToInt(NodeSpec::memoryMb).max().orElseThrow();
  }

  /** The vcores of the node with the most. */
  public int largestNodeVcores() {
    return nodes.stream().mapToInt(NodeSpec::vcores).max().orElseThrow();
  }

  public long totalMemoryMb() {
    long sum = 0;
    for (NodeSpec n : nodes) {
      sum += n.memoryMb();
    }
    return sum;
  }

  public long totalVcores() {
    long sum = 0;
    for (NodeSpec n : nodes) {
      sum += n.vcores();
    }
    return sum;
  }
}
