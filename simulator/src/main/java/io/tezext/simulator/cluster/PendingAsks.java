package io.tezext.simulator.cluster;

import static io.tezext.simulator.cluster.YarnSettings.NODE_LOCALITY_DELAY;
import static io.tezext.simulator.cluster.YarnSettings.RACK_LOCALITY_ADDITIONAL_DELAY;

import java.util.HashMap;
import java.util.Map;

/**
 * An application's outstanding asks at one {@link AskKey}, by location, plus the scheduling
 * opportunities it has missed waiting for locality (the CapacityScheduler's delay scheduling).
 */
final class PendingAsks {
  private int any;
  private final Map<String, Integer> hosts = new HashMap<>();
  private final Map<String, Integer> racks = new HashMap<>();
  private long missedOpportunities;

  int any() {
    return any;
  }


  void set(String location, int count, boolean isRack) {
    if (count < 0) {
      throw new IllegalArgumentException("ask count must be >= 0 at " + location + ", was " + count);
    }
    if (AskUpdate.ANY.equals(location)) {
      any = count;
    } else {
      Map<String, Integer> table = isRack ? racks : hosts;
      if (count == 0) {
        table.remove(location);
      } else {
        table.put(location, count);
      }
    }
  }

  /** The locality at which a container on {@code node} may be given now, or null to wait. */
  Locality allowed(RmNode node, int clusterNodes, YarnSettings yarn) {
    if (any <= 0) {
      return null;
    }
    if (hosts.getOrDefault(node.host(), 0) > 0) {
      return Locality.NODE_LOCAL;
    }
    if (hosts.isEmpty() && racks.isEmpty()) {
      return Locality.OFF_SWITCH; // nothing to wait for
    }
    long nodeDelay = Math.min(clusterNodes, yarn.get(NODE_LOCALITY_DELAY));
    if (racks.getOrDefault(node.rack(), 0) > 0 && missedOpportunities > nodeDelay) {
      return Locality.RACK_LOCAL;
    }
    if (yarn.get(RACK_LOCALITY_ADDITIONAL_DELAY) > -1) {
      long rackDelay = Math.min(clusterNodes, nodeDelay + yarn.get(RACK_LOCALITY_ADDITIONAL_DELAY));
      return missedOpportunities > rackDelay ? Locality.OFF_SWITCH : null;
    }
    // As the CapacityScheduler: wait in proportion to how much of the cluster the asks name.
    int uniqueLocations = hosts.size() + racks.size() + 1;
    float localityWaitFactor = Math.min((float) uniqueLocations / clusterNodes, 1f);
    return Math.min(clusterNodes, any * localityWaitFactor) < missedOpportunities ? Locality.OFF_SWITCH : null;
  }

  void missedOpportunity() {
    missedOpportunities++;
  }

  /** Takes one container's worth of asks at the location it was given. */
  void allocated(RmNode node, Locality locality) {
    any--;
    if (locality == Locality.NODE_LOCAL) {
      decrement(hosts, node.host());
      decrement(racks, node.rack());
    } else if (locality == Locality.RACK_LOCAL) {
      decrement(racks, node.rack());
    }
    if (locality != Locality.OFF_SWITCH) {
      missedOpportunities = 0;
    }
  }

  private static void decrement(Map<String, Integer> table, String location) {
    Integer n = table.get(location);
    if (n != null) {
      if (n <= 1) {
        table.remove(location);
      } else {
        table.put(location, n - 1);
      }
    }
  }

  /** Locality of an RM allocation relative to the asks. */
  enum Locality {
    NODE_LOCAL,
    RACK_LOCAL,
    OFF_SWITCH
  }
}
