package io.tezext.simulator.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps one result per grid point id, however many copies arrive: a retried or speculative attempt
 * may deliver a point twice. Copies must be the same bytes (a point's run is deterministic); two
 * that differ are an error naming the point, never a silent choice.
 */
public final class ResultCollector {
  private final Map<String, String> byId = new TreeMap<>();
  private int duplicates;

  /** Adds a result line for {@code id}; returns whether it was new. */
  public boolean add(String id, String line) {
    String before = byId.putIfAbsent(id, line);
    if (before == null) {
      return true;
    }
    if (!before.equals(line)) {
      throw new IllegalStateException("grid point " + id + " arrived twice with different results; a run is "
          + "deterministic, so one of the attempts ran other code or inputs:\n  " + before + "\n  " + line);
    }
    duplicates++;
    return false;
  }

  /** Copies dropped because their point had arrived already. */
  public int duplicates() {
    return duplicates;
  }

  public int size() {
    return byId.size();
  }

  /** One line per point, in id order. */
  public List<String> lines() {
    return new ArrayList<>(byId.values());
  }
}
