package io.tezext.scheduler.requests;

import java.util.Comparator;

import org.apache.hadoop.yarn.api.records.ContainerId;

import io.tezext.scheduler.locality.LocalityLevel;
import io.tezext.scheduler.locality.LocalityPlan;

/**
 * One task waiting for a container: what Tez asked for it (the task and cookie are handed back
 * unchanged), how it waits for locality, and since when. Ordered by priority (lower first), then
 * by when it was requested: the order every choice among requests follows.
 */
public final class PendingRequest {
  /** Priority first, then the order of the requests (written out: it runs in every index lookup). */
  public static final Comparator<PendingRequest> ORDER = (a, b) -> a.priority != b.priority
      ? Integer.compare(a.priority, b.priority) : Long.compare(a.sequence, b.sequence);

  public final Object task;
  public final Object cookie;
  public final int vertex;
  public final int priority;
  public final long memoryMb;
  public final int vcores;
  public final Object signature;
  /** The container Tez asked to run the task in (a one-to-one consumer's source), or null. */
  public final ContainerId affinity;
  public final long requestedMs;
  final long sequence;
  LocalityPlan plan;
  LocalityLevel level;
  /** What the adapter sent YARN for this request, so that it can withdraw it. */
  public Object yarnAsk;

  PendingRequest(Object task, Object cookie, int vertex, int priority, long memoryMb, int vcores, Object signature,
      ContainerId affinity, long requestedMs, long sequence, LocalityPlan plan) {
    this.task = task;
    this.cookie = cookie;
    this.vertex = vertex;
    this.priority = priority;
    this.memoryMb = memoryMb;
    this.vcores = vcores;
    this.signature = signature;
    this.affinity = affinity;
    this.requestedMs = requestedMs;
    this.sequence = sequence;
    this.plan = plan;
    this.level = plan.allowed(0);
  }

  public LocalityPlan plan() {
    return plan;
  }

  /** The most this request may fall back to now. */
  public LocalityLevel level() {
    return level;
  }

  @Override
  public String toString() {
    return "request for " + task + " (vertex " + vertex + ", priority " + priority + ")";
  }
}
