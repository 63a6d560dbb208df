package io.tezext.simulator.cluster;

import static io.tezext.simulator.cluster.YarnSettings.NODE_LOCALITY_DELAY;
import static io.tezext.simulator.cluster.YarnSettings.RACK_LOCALITY_ADDITIONAL_DELAY;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * An application's outstanding asks at one {@link AskKey}, by location, plus the scheduling
 * opportunities it has missed waiting for locality (the CapacityScheduler's delay scheduling), and
 * where the AM forbade relaxing locality (YARN's relaxLocality off at ANY or at a rack).
 */
final class PendingAsks {
  private int any;
  private boolean anyRelaxes = true;
  /** Racks asked with relaxLocality off: only the hosts asked for on them may be given. */
  private final Set<String> closedRacks = new HashSet<>();
  /** By node (keyed by its index, so a node offer costs no string hashing); hosts the cluster lacks never match. */
  private final Map<RmNode, int[]> hosts = new HashMap<>();
  private final Map<String, int[]> unknownHosts = new HashMap<>();
  private final Map<String, int[]> racks = new HashMap<>();
  private long missedOpportunities;

  int any() {
    return any;
  }


  /**
   * Sets the count asked at a location: ANY, a rack, or a host ({@code node} the cluster's node of
   * that name, or null when it has none), and whether YARN may relax locality beyond it.
   */
  void set(String location, RmNode node, int count, boolean relaxes, boolean isRack) {
    if (count < 0) {
      throw new IllegalArgumentException("ask count must be >= 0 at " + location + ", was " + count);
    }
    if (AskUpdate.ANY.equals(location)) {
      any = count;
      anyRelaxes = relaxes;
    } else if (isRack) {
      put(racks, location, count);
      if (relaxes || count == 0) {
        closedRacks.remove(location);
      } else {
        closedRacks.add(location);
      }
    } else if (node != null) {
      put(hosts, node, count);
    } else {
      put(unknownHosts, location, count);
    }
  }

  private static <K> void put(Map<K, int[]> table, K key, int count) {
    if (count == 0) {
      table.remove(key);
    } else {
      table.computeIfAbsent(key, k -> new int[1])[0] = count;
    }
  }

  private static <K> int count(Map<K, int[]> table, K key) {
    int[] n = table.get(key);
    return n == null ? 0 : n[0];
  }

  /** The locality at which a container on {@code node} may be given now, or null to wait. */
  Locality allowed(RmNode node, int clusterNodes, YarnSettings yarn) {
    if (any <= 0) {
      return null;
    }
    if (count(hosts, node) > 0) {
      return Locality.NODE_LOCAL;
    }
    if (excludes(node)) {
      return null;
    }
    if (hosts.isEmpty() && unknownHosts.isEmpty() && racks.isEmpty()) {
      return Locality.OFF_SWITCH; // nothing to wait for
    }
    long nodeDelay = Math.min(clusterNodes, yarn.get(NODE_LOCALITY_DELAY));
    boolean rackAsked = count(racks, node.rack()) > 0;
    if (rackAsked && missedOpportunities > nodeDelay) {
      return Locality.RACK_LOCAL;
    }
    if (rackAsked && !anyRelaxes) {
      return null; // its rack is all it may have
    }
    if (yarn.get(RACK_LOCALITY_ADDITIONAL_DELAY) > -1) {
      long rackDelay = Math.min(clusterNodes, nodeDelay + yarn.get(RACK_LOCALITY_ADDITIONAL_DELAY));
      return missedOpportunities > rackDelay ? Locality.OFF_SWITCH : null;
    }
    // As the CapacityScheduler: wait in proportion to how much of the cluster the asks name.
    int uniqueLocations = hosts.size() + unknownHosts.size() + racks.size() + 1;
    float localityWaitFactor = Math.min((float) uniqueLocations / clusterNodes, 1f);
    return Math.min(clusterNodes, any * localityWaitFactor) < missedOpportunities ? Locality.OFF_SWITCH : null;
  }

  /**
   * Whether these asks may never have a container on {@code node}, however long they wait: it is not
   * a host they name, and its rack is closed, or is not named while ANY is closed. The
   * CapacityScheduler then passes the node on to the application's next priority.
   */
  boolean excludes(RmNode node) {
    if (count(hosts, node) > 0) {
      return false;
    }
    if (closedRacks.contains(node.rack())) {
      return true;
    }
    return !anyRelaxes && count(racks, node.rack()) == 0;
  }

  void missedOpportunity() {
    missedOpportunities++;
  }

  /** Takes one container's worth of asks at the location it was given. */
  void allocated(RmNode node, Locality locality) {
    any--;
    if (locality == Locality.NODE_LOCAL) {
      decrement(hosts, node);
      decrement(racks, node.rack());
    } else if (locality == Locality.RACK_LOCAL) {
      decrement(racks, node.rack());
    }
    if (locality != Locality.OFF_SWITCH) {
      missedOpportunities = 0;
    }
  }

  private static <K> void decrement(Map<K, int[]> table, K key) {
    int[] n = table.get(key);
    if (n != null && --n[0] <= 0) {
      table.remove(key);
    }
  }

  /** Locality of an RM allocation relative to the asks. */
  enum Locality {
    NODE_LOCAL,
    RACK_LOCAL,
    OFF_SWITCH
  }
}
