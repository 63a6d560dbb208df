package io.tezext.simulator.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An application as the ResourceManager sees it: its queue, its asks, its live containers, and what
 * it has not yet been told (new containers, completed ones) until its next heartbeat.
 */
public final class RmApp {
  private final String id;
  private final RmQueue queue;
  private final long submitOrder;
  private final int amMemoryMb;
  private final int amVcores;
  private final AmContainerListener listener;
  final TreeMap<AskKey, PendingAsks> asks = new TreeMap<>();
  final Map<Long, RmContainer> live = new LinkedHashMap<>();
  List<RmContainer> newlyAllocated = new ArrayList<>();
  List<RmContainer> newlyCompleted = new ArrayList<>();
  RmContainer amContainer;
  boolean finished;
  long usedMemoryMb;
  int usedVcores;

  RmApp(String id, RmQueue queue, long submitOrder, int amMemoryMb, int amVcores, AmContainerListener listener) {
    this.id = id;
    this.queue = queue;
    this.submitOrder = submitOrder;
    this.amMemoryMb = amMemoryMb;
    this.amVcores = amVcores;
    this.listener = listener;
  }

  public String id() {
    return id;
  }

  public String queueName() {
    return queue.name();
  }

  RmQueue queue() {
    return queue;
  }

  long submitOrder() {
    return submitOrder;
  }

  int amMemoryMb() {
    return amMemoryMb;
  }

  int amVcores() {
    return amVcores;
  }

  AmContainerListener listener() {
    return listener;
  }

  public boolean waitingForAm() {
    return amContainer == null && !finished;
  }

  boolean hasPendingAsks() {
    for (PendingAsks p : asks.values()) {
      if (p.any() > 0) {
        return true;
      }
    }
    return false;
  }

  public long usedMemoryMb() {
    return usedMemoryMb;
  }

  public int liveContainers() {
    return live.size();
  }

  /** Told when the RM has placed this application's AM container. */
  @FunctionalInterface
  public interface AmContainerListener {
    void amContainerAllocated(RmContainer container);
  }
}
