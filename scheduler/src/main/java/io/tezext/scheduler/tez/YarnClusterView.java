package io.tezext.scheduler.tez;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;

import org.apache.hadoop.yarn.util.RackResolver;

import io.tezext.scheduler.locality.ClusterView;

/**
 * The cluster as the AM sees it: its node count from the RM's heartbeats, racks from YARN's
 * {@link RackResolver} (which the Tez AM initializes with its topology), and the hosts YARN reported
 * lost or unhealthy, or Tez blacklisted.
 */
final class YarnClusterView implements ClusterView {
  private final IntSupplier nodeCount;
  private final Set<String> unusable = new HashSet<>();
  /** RackResolver builds a node object per call; the AM asks about the same few thousand hosts all day. */
  private final Map<String, String> racks = new HashMap<>();

  YarnClusterView(IntSupplier nodeCount) {
    this.nodeCount = nodeCount;
  }

  @Override
  public int nodeCount() {
    return nodeCount.getAsInt();
  }

  @Override
  public String rackOf(String host) {
    return racks.computeIfAbsent(host, h -> RackResolver.resolve(h).getNetworkLocation());
  }

  @Override
  public boolean usable(String host) {
    return !unusable.contains(host);
  }

  /** Returns true if that changed anything. */
  boolean markUnusable(String host, boolean isUnusable) {
    return isUnusable ? unusable.add(host) : unusable.remove(host);
  }
}
