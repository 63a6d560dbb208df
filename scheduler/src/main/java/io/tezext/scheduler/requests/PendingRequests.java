package io.tezext.scheduler.requests;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Predicate;
import java.util.stream.StreamSupport;

import org.apache.hadoop.yarn.api.records.ContainerId;

import io.tezext.scheduler.locality.LocalityLevel;
import io.tezext.scheduler.locality.LocalityPlan;

/**
 * The tasks waiting for containers, indexed for the questions the scheduler asks: which want this
 * host, which accept this rack or any node by now, which vertices have work waiting (a vertex whose
 * ancestor still waits is blocked: giving it a container would only hold the container idle).
 * Every index iterates in {@link PendingRequest#ORDER}, so every choice is deterministic.
 */
public final class PendingRequests {
  private final Map<Object, PendingRequest> byTask = new HashMap<>();
  private final RequestQueue all = new RequestQueue();
  private final Map<String, RequestQueue> byHost = new HashMap<>();
  private final Map<String, RequestQueue> rackReady = new HashMap<>();
  private final RequestQueue anyReady = new RequestQueue();
  /** Requests whose hints carry no locality (part of {@link #anyReady}): a container never waits to take them. */
  private final RequestQueue relaxed = new RequestQueue();
  /** When a request may fall back a level: [time, sequence] with the request. */
  private final PriorityQueue<Promotion> promotions =
      new PriorityQueue<>((a, b) -> a.atMs != b.atMs ? Long.compare(a.atMs, b.atMs) : Long.compare(a.seq, b.seq));
  /** Each vertex's waiting requests, in order: what containers its tasks need, and which vertices block others. */
  private final Map<Integer, RequestQueue> byVertex = new HashMap<>();
  private final BitSet blocked = new BitSet();
  /** The current DAG's vertices that have asked for a container (each vertex's tasks ask once it is scheduled). */
  private final BitSet asked = new BitSet();
  /** Set when a vertex stopped being blocked, until {@link #takeUnblocked} is asked. */
  private boolean unblocked;
  private DagShape dag = DagShape.NONE;
  private long sequence;
  private long promotionSequence;

  /** The DAG's shape, to tell which vertices are blocked. */
  public void dagStarted(DagShape shape) {
    this.dag = shape;
    asked.clear();
    recomputeBlocked();
  }

  public PendingRequest add(Object task, Object cookie, int vertex, int priority, long memoryMb, int vcores,
      Object signature, ContainerId affinity, long nowMs, LocalityPlan plan) {
    if (byTask.containsKey(task)) {
      throw new IllegalStateException(task + " is already waiting for a container");
    }
    PendingRequest r = new PendingRequest(task, cookie, vertex, priority, memoryMb, vcores, signature, affinity, nowMs,
        sequence++, plan);
    byTask.put(task, r);
    all.add(r);
    index(r);
    RequestQueue ofVertex = byVertex.computeIfAbsent(vertex, v -> new RequestQueue());
    ofVertex.add(r);
    if (ofVertex.size() == 1) {
      recomputeBlocked();
    }
    return r;
  }

  private void index(PendingRequest r) {
    for (String h : r.plan.hosts()) {
      byHost.computeIfAbsent(h, k -> new RequestQueue()).add(r);
    }
    if (r.plan.isRelaxed()) {
      relaxed.add(r);
    }
    indexFrom(r, LocalityLevel.NODE);
  }

  /** Files the request in the level indexes above {@code from} up to its level, and schedules its next fall-back. */
  private void indexFrom(PendingRequest r, LocalityLevel from) {
    if (from.compareTo(LocalityLevel.RACK) < 0 && r.level.compareTo(LocalityLevel.RACK) >= 0) {
      for (String rack : r.plan.racks()) {
        rackReady.computeIfAbsent(rack, k -> new RequestQueue()).add(r);
      }
    }
    if (r.level == LocalityLevel.ANY) {
      anyReady.add(r);
    } else {
      schedulePromotion(r);
    }
  }

  private void schedulePromotion(PendingRequest r) {
    long after = r.plan.fallsBackAfterMs(r.level);
    if (after != Long.MAX_VALUE) {
      promotions.add(new Promotion(r.requestedMs + after, promotionSequence++, r));
    }
  }

  /** Removes and returns the request of {@code task}, or null if it has none. */
  public PendingRequest remove(Object task) {
    PendingRequest r = byTask.remove(task);
    if (r == null) {
      return null;
    }
    all.remove(r);
    unindex(r);
    RequestQueue ofVertex = byVertex.get(r.vertex);
    ofVertex.remove(r);
    if (ofVertex.isEmpty()) {
      byVertex.remove(r.vertex);
      recomputeBlocked();
    }
    return r;
  }

  private void unindex(PendingRequest r) {
    for (String h : r.plan.hosts()) {
      removeFrom(byHost, h, r);
    }
    for (String rack : r.plan.racks()) {
      removeFrom(rackReady, rack, r);
    }
    anyReady.remove(r);
    if (r.plan.isRelaxed()) {
      relaxed.remove(r);
    }
  }

  private static void removeFrom(Map<String, RequestQueue> index, String key, PendingRequest r) {
    RequestQueue set = index.get(key);
    if (set != null && set.remove(r) && set.isEmpty()) {
      index.remove(key);
    }
  }

  /** Gives a request a new plan (its preferred nodes were lost): it is indexed anew. */
  public void replan(PendingRequest r, LocalityPlan plan, long nowMs) {
    unindex(r);
    r.plan = plan;
    r.level = plan.allowed(nowMs - r.requestedMs);
    index(r);
  }

  /** Lets every request whose wait at its level is over fall back a level. */
  public void promote(long nowMs) {
    while (!promotions.isEmpty() && promotions.peek().atMs <= nowMs) {
      PendingRequest r = promotions.poll().request;
      if (byTask.get(r.task) != r) {
        continue; // assigned or withdrawn meanwhile
      }
      LocalityLevel now = r.plan.allowed(nowMs - r.requestedMs);
      if (now.compareTo(r.level) > 0) {
        LocalityLevel was = r.level;
        r.level = now;
        indexFrom(r, was); // it stays where it was filed; only the new levels are added
      }
    }
  }

  /** When the next request may fall back a level, or {@link Long#MAX_VALUE}. */
  public long nextPromotionMs() {
    return promotions.isEmpty() ? Long.MAX_VALUE : promotions.peek().atMs;
  }

  public PendingRequest get(Object task) {
    return byTask.get(task);
  }

  public boolean isEmpty() {
    return byTask.isEmpty();
  }

  public int size() {
    return byTask.size();
  }

  /** Every request, in order. */
  public Iterable<PendingRequest> all() {
    return all;
  }

  /** Requests naming {@code host}, in order. */
  public Iterable<PendingRequest> onHost(String host) {
    RequestQueue set = byHost.get(host);
    return set == null ? List.of() : set;
  }

  /** Requests on {@code rack} that may run rack-local by now, in order. */
  public Iterable<PendingRequest> rackReady(String rack) {
    RequestQueue set = rackReady.get(rack);
    return set == null ? List.of() : set;
  }

  /** Requests that may run anywhere by now, in order. */
  public Iterable<PendingRequest> anyReady() {
    return anyReady;
  }

  /** Requests whose hints carry no locality (they run anywhere from the start), in order. */
  public Iterable<PendingRequest> relaxed() {
    return relaxed;
  }

  /** True if an ancestor of the request's vertex still waits for containers. */
  public boolean isBlocked(PendingRequest r) {
    return blocked.get(r.vertex);
  }

  /** The first request whose vertex is not blocked, or null. */
  public PendingRequest firstRunnable() {
    for (PendingRequest r : all) {
      if (!blocked.get(r.vertex)) {
        return r;
      }
    }
    return null;
  }

  /** Requests at {@code priority} whose vertices are not blocked, in order: a view, walked only when iterated. */
  public Iterable<PendingRequest> runnableAt(int priority) {
    return () -> StreamSupport.stream(all.atPriority(priority).spliterator(), false)
        .filter(r -> !blocked.get(r.vertex)).iterator();
  }

  /**
   * Whether some waiting request of a vertex that is not blocked passes {@code test}, asked only of
   * the vertices whose first request passes {@code ofVertex}: a question every task of a vertex
   * answers alike (Tez gives a vertex's tasks one container size and launch context): a blocked
   * vertex, or one that fails it, is passed over without walking its tasks.
   */
  public boolean anyRunnable(Predicate<PendingRequest> ofVertex, Predicate<PendingRequest> test) {
    for (Map.Entry<Integer, RequestQueue> e : byVertex.entrySet()) {
      if (blocked.get(e.getKey()) || !ofVertex.test(e.getValue().first())) {
        continue;
      }
      for (PendingRequest r : e.getValue()) {
        if (test.test(r)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The first waiting request of each vertex with any, for questions every task of a vertex answers
   * alike (Tez gives a vertex's tasks one container size and launch context).
   */
  public List<PendingRequest> firstOfEachVertex() {
    List<PendingRequest> first = new ArrayList<>(byVertex.size());
    for (RequestQueue ofVertex : byVertex.values()) {
      first.add(ofVertex.first());
    }
    return first;
  }

  private void recomputeBlocked() {
    BitSet before = (BitSet) blocked.clone();
    blocked.clear();
    for (int vertex : byVertex.keySet()) {
      blocked.or(dag.descendants(vertex));
    }
    before.andNot(blocked);
    unblocked |= !before.isEmpty();
  }

  /** Whether some vertex stopped being blocked since the last call. */
  public boolean takeUnblocked() {
    boolean was = unblocked;
    unblocked = false;
    return was;
  }

  /** A task of {@code vertex} asked for a container (whether it waits, or runs at once). */
  public void asked(int vertex) {
    if (vertex >= 0) {
      asked.set(vertex);
    }
  }

  /**
   * Whether some vertex of the DAG has not asked for a container yet (it will once Tez schedules
   * it): containers of the DAG may still be wanted although no task waits for them now.
   */
  public boolean someVertexYetToAsk() {
    return asked.cardinality() < dag.vertices();
  }

  /** Forgets every request (the DAG ended); returns them. */
  public List<PendingRequest> clear() {
    List<PendingRequest> removed = new ArrayList<>(all.size());
    all.forEach(removed::add);
    byTask.clear();
    all.clear();
    byHost.clear();
    rackReady.clear();
    anyReady.clear();
    relaxed.clear();
    promotions.clear();
    byVertex.clear();
    blocked.clear();
    return removed;
  }

  private record Promotion(long atMs, long seq, PendingRequest request) {
  }
}
