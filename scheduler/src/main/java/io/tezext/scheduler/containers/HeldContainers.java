package io.tezext.scheduler.containers;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.Predicate;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;

import io.tezext.scheduler.containers.HeldContainer.State;

/**
 * The containers the AM holds, by id and by task, with the idle ones in the order they went idle;
 * every state change of a container happens here.
 */
public final class HeldContainers {
  private final Map<ContainerId, HeldContainer> byId = new HashMap<>();
  private final Map<Object, HeldContainer> byTask = new HashMap<>();
  private final NavigableSet<HeldContainer> idle = new TreeSet<>(HeldContainer.IDLE_ORDER);
  /** Containers running a task, by the task's vertex: which vertices a preemption round could take from. */
  private final Map<Integer, Integer> runningByVertex = new HashMap<>();
  private long sequence;
  private long heldMemoryMb;
  private int preempting;

  /** A new container from YARN: held, idle until a task is assigned. */
  public HeldContainer add(Container container, String rack, long nowMs) {
    HeldContainer c = new HeldContainer(container, rack, nowMs, sequence++);
    if (byId.putIfAbsent(c.id, c) != null) {
      throw new IllegalStateException("YARN allocated " + c.id + " twice");
    }
    idle.add(c);
    heldMemoryMb += c.memoryMb;
    return c;
  }

  public HeldContainer get(ContainerId id) {
    return byId.get(id);
  }

  public HeldContainer ofTask(Object task) {
    return byTask.get(task);
  }

  /** Gives an idle container a task. */
  public void assign(HeldContainer c, Object task, Object cookie, int vertex, int taskPriority, Object signature,
      long nowMs) {
    c.moveTo(State.RUNNING, State.IDLE);
    idle.remove(c);
    c.task = task;
    c.cookie = cookie;
    c.vertex = vertex;
    c.taskPriority = taskPriority;
    c.assignedMs = nowMs;
    c.tasksRun++;
    runningByVertex.merge(vertex, 1, Integer::sum);
    if (c.signature == null) {
      c.signature = signature;
    }
    byTask.put(task, c);
  }

  /** The task left its container, which is idle again. */
  public void taskLeft(HeldContainer c, long nowMs) {
    c.moveTo(State.IDLE, State.RUNNING);
    clearTask(c);
    c.idleSinceMs = nowMs;
    idle.add(c);
  }

  /** The scheduler asked the AM to preempt the container's task. */
  public void preempting(HeldContainer c) {
    c.moveTo(State.PREEMPTING, State.RUNNING);
    preempting++;
  }

  /** The container is handed back or completed; returns false if it was gone already. */
  public boolean release(HeldContainer c) {
    if (c.state() == State.RELEASED) {
      return false;
    }
    if (c.state() == State.IDLE) {
      idle.remove(c);
    } else if (c.state() == State.PREEMPTING) {
      preempting--;
    }
    c.moveTo(State.RELEASED, State.IDLE, State.RUNNING, State.PREEMPTING);
    clearTask(c);
    byId.remove(c.id);
    heldMemoryMb -= c.memoryMb;
    return true;
  }

  private void clearTask(HeldContainer c) {
    if (c.task != null) {
      byTask.remove(c.task, c);
      if (runningByVertex.merge(c.vertex, -1, Integer::sum) == 0) {
        runningByVertex.remove(c.vertex);
      }
    }
    c.task = null;
    c.cookie = null;
    c.vertex = -1;
    c.assignedMs = -1;
  }

  /** Idle containers, oldest idle first. */
  public List<HeldContainer> idle() {
    return new ArrayList<>(idle);
  }

  public boolean hasIdle() {
    return !idle.isEmpty();
  }

  /**
   * When the first idle container that went idle after {@code sinceMs} has been idle for {@code
   * forMs}, or {@link Long#MAX_VALUE} if none went idle since. Walks only those containers, newest first.
   */
  public long firstIdleFor(long forMs, long sinceMs) {
    long first = Long.MAX_VALUE;
    for (Iterator<HeldContainer> it = idle.descendingIterator(); it.hasNext();) {
      HeldContainer c = it.next();
      if (c.idleSinceMs <= sinceMs) {
        break;
      }
      first = c.idleSinceMs + forMs;
    }
    return first;
  }

  /** Whether some idle container passes {@code test}; no copy of the idle set. */
  public boolean anyIdle(Predicate<HeldContainer> test) {
    for (HeldContainer c : idle) {
      if (test.test(c)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a task of one of these vertices runs in a held container. */
  public boolean anyRunningIn(BitSet vertices) {
    for (int vertex : runningByVertex.keySet()) {
      if (vertex >= 0 && vertices.get(vertex)) {
        return true;
      }
    }
    return false;
  }

  /** The containers running a task (or being preempted), in allocation order. */
  public List<HeldContainer> running() {
    List<HeldContainer> running = new ArrayList<>();
    for (HeldContainer c : byId.values()) {
      if (c.state() != State.IDLE) {
        running.add(c);
      }
    }
    running.sort((a, b) -> Long.compare(a.sequence, b.sequence));
    return running;
  }

  /** Every held container, in allocation order. */
  public List<HeldContainer> all() {
    List<HeldContainer> all = new ArrayList<>(byId.values());
    all.sort((a, b) -> Long.compare(a.sequence, b.sequence));
    return all;
  }

  public int size() {
    return byId.size();
  }

  /** Containers whose preemption was asked and has not landed yet (Tez has not given them back). */
  public int preemptionsInFlight() {
    return preempting;
  }

  public long heldMemoryMb() {
    return heldMemoryMb;
  }
}
