package io.tezext.scheduler.containers;

import java.util.Comparator;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;

/**
 * A container YARN gave the AM, from allocation until it is released or completes: where it is,
 * how big, the launch context its JVM has (the first task's signature), and its state.
 */
public final class HeldContainer {
  /** A container's states; every change goes through {@link #moveTo}. */
  public enum State {
    /** Held, no task in it: it can take one. */
    IDLE,
    /** A task is assigned to it. */
    RUNNING,
    /** The scheduler asked the AM to preempt its task; it will not be reused. */
    PREEMPTING,
    /** Handed back to YARN (or completed): gone. */
    RELEASED
  }

  /** Oldest idle first, then allocation order: deterministic. */
  static final Comparator<HeldContainer> IDLE_ORDER =
      Comparator.comparingLong((HeldContainer c) -> c.idleSinceMs).thenComparingLong(c -> c.sequence);

  public final Container container;
  public final ContainerId id;
  public final String host;
  public final String rack;
  public final long memoryMb;
  public final int vcores;
  public final int priority;
  public final long allocatedMs;
  final long sequence;
  private State state = State.IDLE;
  /** The launch context of the JVM in it (the first task's signature); null until a task ran. */
  public Object signature;
  public Object task;
  public Object cookie;
  public int vertex = -1;
  public int taskPriority;
  public long assignedMs = -1;
  long idleSinceMs;
  public int tasksRun;

  HeldContainer(Container container, String rack, long nowMs, long sequence) {
    this.container = container;
    this.id = container.getId();
    this.host = container.getNodeId().getHost();
    this.rack = rack;
    this.memoryMb = container.getResource().getMemorySize();
    this.vcores = container.getResource().getVirtualCores();
    this.priority = container.getPriority() == null ? Integer.MAX_VALUE : container.getPriority().getPriority();
    this.allocatedMs = nowMs;
    this.idleSinceMs = nowMs;
    this.sequence = sequence;
  }

  public State state() {
    return state;
  }

  void moveTo(State next, State... from) {
    for (State s : from) {
      if (state == s) {
        state = next;
        return;
      }
    }
    throw new IllegalStateException(id + " cannot go to " + next + " from " + state);
  }

  public long idleSinceMs() {
    return idleSinceMs;
  }

  public boolean fits(long memory, int cores) {
    return memoryMb >= memory && vcores >= cores;
  }

  @Override
  public String toString() {
    return id + " on " + host + " (" + state + ")";
  }
}
