package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;

import io.tezext.simulator.cluster.AskKey;
import io.tezext.simulator.cluster.AskUpdate;

/**
 * An AM's outstanding container requests, by (priority, capability) and location, as the YARN client
 * keeps them: a request naming hosts is filed under each host, under each host's rack and any rack it
 * names, and under ANY. Tracks which counts changed since the last heartbeat, so only those go to
 * the RM, with absolute values, as YARN's protocol does.
 */
final class RequestTable<T extends ContainerRequest> {
  private final Function<String, String> rackOf;
  private final TreeMap<AskKey, Map<String, LinkedHashSet<T>>> table = new TreeMap<>();
  private final Map<AskKey, Map<String, Boolean>> changed = new TreeMap<>();

  RequestTable(Function<String, String> rackOf) {
    this.rackOf = rackOf;
  }

  void add(T request) {
    AskKey key = keyOf(request);
    Map<String, LinkedHashSet<T>> byLocation = table.computeIfAbsent(key, k -> new HashMap<>());
    for (String location : locationsOf(request)) {
      byLocation.computeIfAbsent(location, l -> new LinkedHashSet<>()).add(request);
      changed.computeIfAbsent(key, k -> new HashMap<>()).put(location, Boolean.TRUE);
    }
  }

  void remove(T request) {
    AskKey key = keyOf(request);
    Map<String, LinkedHashSet<T>> byLocation = table.get(key);
    if (byLocation == null) {
      return;
    }
    for (String location : locationsOf(request)) {
      LinkedHashSet<T> set = byLocation.get(location);
      if (set != null && set.remove(request)) {
        changed.computeIfAbsent(key, k -> new HashMap<>()).put(location, Boolean.TRUE);
      }
    }
  }

  /** Requests at {@code priority} filed under {@code location} whose capability fits, largest first. */
  List<Collection<T>> matching(int priority, String location, Resource capability) {
    List<Collection<T>> result = new ArrayList<>(1);
    for (Map.Entry<AskKey, Map<String, LinkedHashSet<T>>> e
        : table.subMap(new AskKey(priority, Integer.MIN_VALUE, Integer.MIN_VALUE), true,
            new AskKey(priority, Integer.MAX_VALUE, Integer.MAX_VALUE), true).descendingMap().entrySet()) {
      AskKey key = e.getKey();
      if (key.memoryMb() <= capability.getMemorySize() && key.vcores() <= capability.getVirtualCores()) {
        LinkedHashSet<T> set = e.getValue().get(location);
        if (set != null && !set.isEmpty()) {
          result.add(set);
        }
      }
    }
    return result;
  }

  /** True if counts changed since the last heartbeat, or any request is outstanding. */
  boolean hasChangesOrRequests() {
    if (!changed.isEmpty()) {
      return true;
    }
    for (Map<String, LinkedHashSet<T>> byLocation : table.values()) {
      LinkedHashSet<T> any = byLocation.get(AskUpdate.ANY);
      if (any != null && !any.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** The changed counts since the last call, as absolute values. */
  List<AskUpdate> drainChanges() {
    if (changed.isEmpty()) {
      return List.of();
    }
    List<AskUpdate> updates = new ArrayList<>();
    for (Map.Entry<AskKey, Map<String, Boolean>> e : changed.entrySet()) {
      Map<String, LinkedHashSet<T>> byLocation = table.get(e.getKey());
      List<String> locations = new ArrayList<>(e.getValue().keySet());
      locations.sort(null); // deterministic order
      for (String location : locations) {
        LinkedHashSet<T> set = byLocation.get(location);
        updates.add(new AskUpdate(e.getKey(), location, set == null ? 0 : set.size()));
        if (set != null && set.isEmpty()) {
          byLocation.remove(location);
        }
      }
    }
    changed.clear();
    return updates;
  }

  private static AskKey keyOf(ContainerRequest r) {
    Resource c = r.getCapability();
    return new AskKey(r.getPriority().getPriority(), (int) c.getMemorySize(), c.getVirtualCores());
  }

  private List<String> locationsOf(ContainerRequest r) {
    LinkedHashSet<String> locations = new LinkedHashSet<>();
    if (r.getNodes() != null) {
      locations.addAll(r.getNodes());
      for (String host : r.getNodes()) {
        locations.add(rackOf.apply(host));
      }
    }
    if (r.getRacks() != null) {
      locations.addAll(r.getRacks());
    }
    locations.add(AskUpdate.ANY);
    return new ArrayList<>(locations);
  }
}
