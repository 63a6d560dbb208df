package io.tezext.scheduler.locality;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.tezext.scheduler.config.DagSettings;
import io.tezext.scheduler.config.LocalityMode;

/** Decides each task's {@link LocalityPlan} from its hints, the DAG's locality mode and what the AM has observed. */
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

  /** The plan for a task with these hints (either may be null) under the DAG's settings. */
  public LocalityPlan plan(String[] hostHints, String[] rackHints, DagSettings settings) {
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
    LocalityMode mode = settings.localityMode();
    if (mode == LocalityMode.RELAXED || (hosts.isEmpty() && racks.isEmpty())) {
      return LocalityPlan.relaxed();
    }
    if (hosts.stream().noneMatch(cluster::usable) && rackHints == null) {
      return LocalityPlan.relaxed(); // every preferred node is lost or unhealthy: nothing to wait for
    }
    // Every mode has its arm and none a default: a new mode does not compile until it is planned for.
    return switch (mode) {
      // A strict task with nothing real to wait for (localhost, hints everywhere) would wait forever.
      case STRICT -> !hasRealLocality(hosts, settings) ? LocalityPlan.relaxed()
          : new LocalityPlan(hosts, List.copyOf(racks), true, settings.nodeWaitMs(), Long.MAX_VALUE);
      case DELAY -> new LocalityPlan(hosts, List.copyOf(racks), false, settings.nodeWaitMs(),
          settings.nodeWaitMs() + settings.rackWaitMs());
      case RELAXED -> LocalityPlan.relaxed();
      case AUTO -> auto(hosts, List.copyOf(racks), settings);
    };
  }

  private LocalityPlan auto(List<String> hosts, List<String> racks, DagSettings settings) {
    if (!hasRealLocality(hosts, settings)) {
      return LocalityPlan.anywhere(hosts);
    }
    long nodeWait = sized(turnover.expectedHostWaitMs(hosts), settings.nodeWaitMs());
    long rackWait = sized(turnover.expectedRackWaitMs(racks), settings.rackWaitMs());
    return new LocalityPlan(hosts, racks, false, nodeWait, nodeWait + rackWait);
  }

  /**
   * False for hints that name no place a read is cheaper: {@code localhost} (what object stores
   * report as a block's location), or so many nodes that any node is about as good.
   */
  boolean hasRealLocality(List<String> hosts, DagSettings settings) {
    if (hosts.isEmpty()) {
      return false;
    }
    if (hosts.stream().allMatch(h -> h.equals("localhost") || h.equals("127.0.0.1"))) {
      return false;
    }
    int nodes = cluster.nodeCount();
    return nodes == 0 || hosts.size() <= settings.spreadFraction() * nodes;
  }

  /** The configured wait, shortened to {@link #WAIT_INTERVALS} expected intervals where containers free up faster. */
  private static long sized(long expectedMs, long configuredMs) {
    if (expectedMs < 0) {
      return configuredMs; // no container of this AM has freed there yet
    }
    return Math.min(configuredMs, WAIT_INTERVALS * expectedMs);
  }
}
