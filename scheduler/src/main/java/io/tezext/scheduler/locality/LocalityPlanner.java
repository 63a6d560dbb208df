package io.tezext.scheduler.locality;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides each task's {@link LocalityPlan} from its hints, the DAG's {@link LocalityRules} (its mode
 * makes the plan) and what the AM has observed.
 */
public final class LocalityPlanner {
  /**
   * In auto mode a wait is at most this many expected turnover intervals: long enough to usually
   * see a container free up there, and no longer, since a wait that sees none holds the task back.
   */
  static final int WAIT_INTERVALS = 2;

  private final ClusterView cluster;
  private final Turnover turnover;

  public LocalityPlanner(ClusterView cluster, Turnover turnover) {
    this.cluster = cluster;
    this.turnover = turnover;
  }

  /** The plan for a task with these hints (either may be null) under the DAG's rules. */
  public LocalityPlan plan(String[] hostHints, String[] rackHints, LocalityRules rules) {
    List<String> hosts = new ArrayList<>();
    if (hostHints != null) {
      for (String h : hostHints) {
        if (h != null && !h.isBlank() && !hosts.contains(h)) {
          hosts.add(h);
        }
      }
    }
    Set<String> racks = new LinkedHashSet<>();
    hosts.forEach(h -> racks.add(cluster.rackOf(h)));
    if (rackHints != null) {
      for (String r : rackHints) {
        if (r != null && !r.isBlank()) {
          racks.add(r);
        }
      }
    }
    if (hosts.isEmpty() && racks.isEmpty()) {
      return LocalityPlan.relaxed();
    }
    if (hosts.stream().noneMatch(cluster::usable) && rackHints == null) {
      return LocalityPlan.relaxed(); // every preferred node is lost or unhealthy: nothing to wait for
    }
    return rules.localityMode().plan(hosts, List.copyOf(racks), rules, this);
  }

  /**
   * False for hints that name no place a read is cheaper: {@code localhost} (what object stores
   * report as a block's location), or so many nodes that any node is about as good.
   */
  boolean hasRealLocality(List<String> hosts, LocalityRules rules) {
    if (hosts.isEmpty()) {
      return false;
    }
    if (hosts.stream().allMatch(h -> h.equals("localhost") || h.equals("127.0.0.1"))) {
      return false;
    }
    int nodes = cluster.nodeCount();
    return nodes == 0 || hosts.size() <= rules.spreadFraction() * nodes;
  }

  /** The node wait, shortened where this AM's containers free up on {@code hosts} faster. */
  long sizedNodeWaitMs(List<String> hosts, LocalityRules rules) {
    return sized(turnover.expectedHostWaitMs(hosts), rules.nodeWaitMs());
  }

  /** The rack wait, shortened where this AM's containers free up on {@code racks} faster. */
  long sizedRackWaitMs(List<String> racks, LocalityRules rules) {
    return sized(turnover.expectedRackWaitMs(racks), rules.rackWaitMs());
  }

  /** The configured wait, shortened to {@link #WAIT_INTERVALS} expected intervals where containers free up faster. */
  private static long sized(long expectedMs, long configuredMs) {
    if (expectedMs < 0) {
      return configuredMs; // no container of this AM has freed there yet
    }
    return Math.min(configuredMs, WAIT_INTERVALS * expectedMs);
  }
}
