package io.tezext.scheduler.locality;

import java.util.ArrayList;
import java.util.List;

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
    // Runs for every task Tez asks a container for: plain loops, no streams or sets.
    List<String> hosts = new ArrayList<>(hostHints == null ? 0 : hostHints.length);
    boolean someUsable = false;
    if (hostHints != null) {
      for (String h : hostHints) {
        if (h != null && !h.isBlank() && !hosts.contains(h)) {
          hosts.add(h);
          someUsable |= cluster.usable(h);
        }
      }
    }
    List<String> racks = new ArrayList<>(hosts.size());
    for (String h : hosts) {
      addOnce(racks, cluster.rackOf(h));
    }
    if (rackHints != null) {
      for (String r : rackHints) {
        if (r != null && !r.isBlank()) {
          addOnce(racks, r);
        }
      }
    }
    if (hosts.isEmpty() && racks.isEmpty()) {
      return LocalityPlan.relaxed();
    }
    if (!someUsable && rackHints == null) {
      return LocalityPlan.relaxed(); // every preferred node is lost or unhealthy: nothing to wait for
    }
    return rules.localityMode().plan(hosts, racks, rules, this);
  }

  private static void addOnce(List<String> list, String s) {
    if (!list.contains(s)) {
      list.add(s);
    }
  }

  /**
   * False for hints that name no place a read is cheaper: {@code localhost} (what object stores
   * report as a block's location), or so many nodes that any node is about as good.
   */
  boolean hasRealLocality(List<String> hosts, LocalityRules rules) {
    if (hosts.isEmpty()) {
      return false;
    }
    boolean someReal = false;
    for (String h : hosts) {
      someReal |= !h.equals("localhost") && !h.equals("127.0.0.1");
    }
    if (!someReal) {
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
