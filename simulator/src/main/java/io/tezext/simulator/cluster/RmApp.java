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
  /** The entries of {@link #asks} with containers outstanding, so offers need not scan drained ones. */
  private final TreeMap<AskKey, PendingAsks> outstanding = new TreeMap<>();
  final Map<Long, RmContainer> live = new LinkedHashMap<>();
  List<RmContainer> newlyAllocated = new ArrayList<>();
  List<RmContainer> newlyCompleted = new ArrayList<>();
  List<RmNode> newlyLostNodes = new ArrayList<>();
  RmContainer amContainer;
  boolean finished;
  private Runnable newsListener = () -> { };
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

  /** Called whenever the RM has something new for this application's next heartbeat. */
  public void onNews(Runnable listener) {
    this.newsListener = listener;
  }

  void allocated(RmContainer c) {
    newlyAllocated.add(c);
    newsListener.run();
  }

  void completed(RmContainer c) {
    newlyCompleted.add(c);
    newsListener.run();
  }

  public boolean waitingForAm() {
    return amContainer == null && !finished;
  }

  void nodeLost(RmNode node) {
    newlyLostNodes.add(node);
    newsListener.run();
  }

  public boolean hasNews() {
    return !newlyAllocated.isEmpty() || !newlyCompleted.isEmpty() || !newlyLostNodes.isEmpty();
  }

  boolean hasPendingAsks() {
    return highestPending() != null;
  }

  /** The highest-priority ask with containers outstanding, or null. */
  Map.Entry<AskKey, PendingAsks> highestPending() {
    return outstanding.firstEntry();
  }

  /** The asks with containers outstanding, highest priority first. */
  Iterable<Map.Entry<AskKey, PendingAsks>> pendingInOrder() {
    return outstanding.entrySet();
  }

  /**
   * Applies an AM's ask. Entries stay when drained: like the CapacityScheduler's, an ask key's
   * missed scheduling opportunities outlive a moment with nothing asked.
   */
  void ask(AskUpdate u, RmNode node, boolean isRack) {
    PendingAsks p = asks.computeIfAbsent(u.key(), k -> new PendingAsks());
    p.set(u.location(), node, u.count(), u.relaxLocality(), isRack);
    track(u.key(), p);
  }

  /** Keeps the outstanding index, and the queue's index of demanding apps, in step with {@code p}. */
  void track(AskKey key, PendingAsks p) {
    if (p.any() > 0) {
      outstanding.put(key, p);
    } else {
      outstanding.remove(key);
    }
    if (outstanding.isEmpty()) {
      queue.demanding.remove(submitOrder);
    } else {
      queue.demanding.put(submitOrder, this);
    }
  }

  void clearAsks() {
    asks.clear();
    outstanding.clear();
    queue.demanding.remove(submitOrder);
  }

  /** The application's live containers other than its AM's. */
  public List<RmContainer> liveTaskContainers() {
    List<RmContainer> tasks = new ArrayList<>(live.size());
    for (RmContainer c : live.values()) {
      if (!c.isAmContainer()) {
        tasks.add(c);
      }
    }
    return tasks;
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
