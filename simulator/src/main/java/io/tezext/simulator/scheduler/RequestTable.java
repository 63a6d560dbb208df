package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.InvalidContainerRequestException;

import io.tezext.simulator.cluster.AskKey;
import io.tezext.simulator.cluster.AskUpdate;

/**
 * An AM's outstanding container requests, by (priority, allocation request id, capability) and
 * location, as the YARN client keeps them: a request naming hosts is filed under each host, under
 * each host's rack and any rack it names, and under ANY, in the order requests came. Each location
 * carries the request's locality relaxation as YARN's client sets it (hosts and named racks relax;
 * the hosts' racks and ANY as the request says), and like that client this one refuses a request
 * whose relaxation at a location differs from that of requests already there. Tracks which counts
 * changed since the last heartbeat, so only those go to the RM, with absolute values, as YARN's
 * protocol does.
 */
final class RequestTable<T extends ContainerRequest> {
  private final Function<String, String> rackOf;
  /** Priority -> its capabilities, largest first, each with its requests by location. */
  private final Map<Integer, List<Capability<T>>> byPriority = new HashMap<>();
  /** Where each outstanding request is filed. */
  private final Map<T, List<Bucket<T>>> filed = new HashMap<>();
  /** Buckets whose count changed since the last heartbeat, in the order they first changed. */
  private final List<Bucket<T>> changed = new ArrayList<>();

  RequestTable(Function<String, String> rackOf) {
    this.rackOf = rackOf;
  }

  void add(T request) {
    AskKey key = keyOf(request);
    Map<String, Boolean> locations = locationsOf(request);
    for (Map.Entry<String, Boolean> l : locations.entrySet()) {
      checkRelaxation(key, l.getKey(), l.getValue());
    }
    Capability<T> capability = capability(key);
    List<Bucket<T>> buckets = new ArrayList<>(locations.size());
    for (Map.Entry<String, Boolean> l : locations.entrySet()) {
      Bucket<T> bucket = capability.byLocation.computeIfAbsent(l.getKey(), k -> new Bucket<>(capability, k));
      bucket.relaxes = l.getValue();
      bucket.requests.add(request);
      markChanged(bucket);
      buckets.add(bucket);
    }
    filed.put(request, buckets);
  }

  /** As YARN's client: one relaxation per priority, request id and location, whatever the capability. */
  private void checkRelaxation(AskKey key, String location, boolean relaxes) {
    for (Capability<T> c : byPriority.getOrDefault(key.priority(), List.of())) {
      Bucket<T> bucket = c.key.requestId() == key.requestId() ? c.byLocation.get(location) : null;
      if (bucket != null && !bucket.requests.isEmpty() && bucket.relaxes != relaxes) {
        throw new InvalidContainerRequestException("cannot ask at priority " + key.priority() + ", allocation"
            + " request id " + key.requestId() + ", location " + location + " with relaxLocality " + relaxes
            + ": requests there already have " + bucket.relaxes);
      }
    }
  }

  void remove(T request) {
    List<Bucket<T>> buckets = filed.remove(request);
    if (buckets == null) {
      return;
    }
    for (Bucket<T> bucket : buckets) {
      if (bucket.requests.remove(request)) {
        markChanged(bucket);
      }
    }
  }

  /**
   * Requests at {@code priority} (and the default allocation request id) filed under {@code location}
   * whose capability fits, largest first.
   */
  List<Collection<T>> matching(int priority, String location, Resource capability) {
    List<Capability<T>> capabilities = byPriority.get(priority);
    if (capabilities == null) {
      return List.of();
    }
    List<Collection<T>> result = new ArrayList<>(1);
    for (Capability<T> c : capabilities) {
      if (c.key.requestId() == 0 && c.key.memoryMb() <= capability.getMemorySize() && c.key.vcores() <= capability.getVirtualCores()) {
        Bucket<T> bucket = c.byLocation.get(location);
        if (bucket != null && !bucket.requests.isEmpty()) {
          result.add(bucket.requests);
        }
      }
    }
    return result;
  }

  /** True if counts changed since the last heartbeat, or any request is outstanding. */
  boolean hasChangesOrRequests() {
    return !changed.isEmpty() || !filed.isEmpty();
  }

  /** The changed counts since the last call, as absolute values; empty locations are forgotten. */
  List<AskUpdate> drainChanges() {
    if (changed.isEmpty()) {
      return List.of();
    }
    List<AskUpdate> updates = new ArrayList<>(changed.size());
    for (Bucket<T> bucket : changed) {
      bucket.changed = false;
      updates.add(new AskUpdate(bucket.capability.key, bucket.location, bucket.requests.size(), bucket.relaxes));
      if (bucket.requests.isEmpty()) {
        bucket.capability.byLocation.remove(bucket.location);
      }
    }
    changed.clear();
    return updates;
  }

  private void markChanged(Bucket<T> bucket) {
    if (!bucket.changed) {
      bucket.changed = true;
      changed.add(bucket);
    }
  }

  private Capability<T> capability(AskKey key) {
    List<Capability<T>> capabilities = byPriority.computeIfAbsent(key.priority(), p -> new ArrayList<>(2));
    for (Capability<T> c : capabilities) {
      if (c.key.equals(key)) {
        return c;
      }
    }
    Capability<T> c = new Capability<>(key);
    capabilities.add(c);
    capabilities.sort((a, b) -> b.key.compareTo(a.key)); // largest first, as YARN's client returns them
    return c;
  }

  private static AskKey keyOf(ContainerRequest r) {
    Resource c = r.getCapability();
    return new AskKey(r.getPriority().getPriority(), r.getAllocationRequestId(), (int) c.getMemorySize(),
        c.getVirtualCores());
  }

  /**
   * The request's locations, each once, with the relaxation YARN's client gives it: its hosts
   * (relaxing), the hosts' racks (as the request), the racks it names (relaxing), and ANY (as the
   * request).
   */
  private Map<String, Boolean> locationsOf(ContainerRequest r) {
    List<String> nodes = r.getNodes();
    List<String> racks = r.getRacks();
    Map<String, Boolean> locations = new LinkedHashMap<>();
    if (nodes != null) {
      for (String host : nodes) {
        locations.put(host, true);
      }
      for (String host : nodes) {
        locations.putIfAbsent(rackOf.apply(host), r.getRelaxLocality());
      }
    }
    if (racks != null) {
      for (String rack : racks) {
        locations.put(rack, true);
      }
    }
    locations.putIfAbsent(AskUpdate.ANY, r.getRelaxLocality());
    return locations;
  }

  /** The requests at one (priority, request id, capability). */
  private static final class Capability<T> {
    final AskKey key;
    final Map<String, Bucket<T>> byLocation = new HashMap<>();

    Capability(AskKey key) {
      this.key = key;
    }
  }

  /** The requests at one (priority, request id, capability) and location. */
  private static final class Bucket<T> {
    final Capability<T> capability;
    final String location;
    final LinkedHashSet<T> requests = new LinkedHashSet<>();
    boolean relaxes;
    boolean changed;

    Bucket(Capability<T> capability, String location) {
      this.capability = capability;
      this.location = location;
    }
  }
}
