package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;

import io.tezext.simulator.cluster.AskKey;
import io.tezext.simulator.cluster.AskUpdate;

/**
 * An AM's outstanding container requests, by (priority, capability) and location, as the YARN client
 * keeps them: a request naming hosts is filed under each host, under each host's rack and any rack it
 * names, and under ANY, in the order requests came. Tracks which counts changed since the last
 * heartbeat, so only those go to the RM, with absolute values, as YARN's protocol does.
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
    Capability<T> capability = capability(keyOf(request));
    List<String> locations = locationsOf(request);
    List<Bucket<T>> buckets = new ArrayList<>(locations.size());
    for (String location : locations) {
      Bucket<T> bucket = capability.byLocation.computeIfAbsent(location, l -> new Bucket<>(capability, l));
      bucket.requests.add(request);
      markChanged(bucket);
      buckets.add(bucket);
    }
    filed.put(request, buckets);
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

  /** Requests at {@code priority} filed under {@code location} whose capability fits, largest first. */
  List<Collection<T>> matching(int priority, String location, Resource capability) {
    List<Capability<T>> capabilities = byPriority.get(priority);
    if (capabilities == null) {
      return List.of();
    }
    List<Collection<T>> result = new ArrayList<>(1);
    for (Capability<T> c : capabilities) {
      if (c.key.memoryMb() <= capability.getMemorySize() && c.key.vcores() <= capability.getVirtualCores()) {
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
      updates.add(new AskUpdate(bucket.capability.key, bucket.location, bucket.requests.size()));
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
    return new AskKey(r.getPriority().getPriority(), (int) c.getMemorySize(), c.getVirtualCores());
  }

  /** The request's hosts, their racks, the racks it names, and ANY, each once, in that order. */
  private List<String> locationsOf(ContainerRequest r) {
    List<String> nodes = r.getNodes();
    List<String> racks = r.getRacks();
    List<String> locations = new ArrayList<>((nodes == null ? 0 : 2 * nodes.size()) + (racks == null ? 0
        : racks.size()) + 1);
    if (nodes != null) {
      for (String host : nodes) {
        addOnce(locations, host);
      }
      for (String host : nodes) {
        addOnce(locations, rackOf.apply(host));
      }
    }
    if (racks != null) {
      for (String rack : racks) {
        addOnce(locations, rack);
      }
    }
    addOnce(locations, AskUpdate.ANY);
    return locations;
  }

  private static void addOnce(List<String> locations, String location) {
    if (!locations.contains(location)) {
      locations.add(location);
    }
  }

  /** The requests at one (priority, capability). */
  private static final class Capability<T> {
    final AskKey key;
    final Map<String, Bucket<T>> byLocation = new HashMap<>();

    Capability(AskKey key) {
      this.key = key;
    }
  }

  /** The requests at one (priority, capability) and location. */
  private static final class Bucket<T> {
    final Capability<T> capability;
    final String location;
    final LinkedHashSet<T> requests = new LinkedHashSet<>();
    boolean changed;

    Bucket(Capability<T> capability, String location) {
      this.capability = capability;
      this.location = location;
    }
  }
}
