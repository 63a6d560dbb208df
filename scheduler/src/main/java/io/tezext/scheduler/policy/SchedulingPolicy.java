package io.tezext.scheduler.policy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;

import io.tezext.scheduler.config.DagSettings;
import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.containers.HeldContainers;
import io.tezext.scheduler.locality.ClusterView;
import io.tezext.scheduler.locality.LocalityPlan;
import io.tezext.scheduler.locality.LocalityPlanner;
import io.tezext.scheduler.locality.Turnover;
import io.tezext.scheduler.preemption.PreemptionPlan;
import io.tezext.scheduler.preemption.PreemptionPlanner;
import io.tezext.scheduler.requests.CriticalPathOrder;
import io.tezext.scheduler.requests.DagShape;
import io.tezext.scheduler.requests.PendingRequest;
import io.tezext.scheduler.requests.PendingRequests;

/**
 * The scheduler's decisions, apart from all machinery: given the time and what happened (a task
 * asked for a container, a task left one, YARN allocated or completed containers, a heartbeat, a
 * timer), it decides which task runs in which container, what to ask YARN for, what to hand back
 * and what to preempt, and tells {@link Decisions}. Deterministic: the same calls at the same times
 * give the same decisions. Not thread-safe: its adapter serializes the calls.
 *
 * <p>Which task runs in a free container is {@link Placement}'s to say; when no task can use a
 * container now, it stays idle until a task's wait runs out, or goes back to YARN when
 * {@link IdleRelease} says so (or sooner, when a starved higher-priority task needs the room: see
 * {@link PreemptionPlanner}).
 */
public final class SchedulingPolicy {
  private final SchedulerSettings settings;
  private final ClusterView cluster;
  private final Decisions out;
  private final ContainerFit fit;
  private final Turnover turnover = new Turnover();
  private final LocalityPlanner planner;
  private final PendingRequests pending = new PendingRequests();
  private final HeldContainers held = new HeldContainers();
  private final PreemptionPlanner preemption;
  private final Placement placement;
  private final IdleRelease idleRelease;
  private final SessionPool sessionPool;
  private DagShape dag = DagShape.NONE;
  private DagSettings dagSettings = DagSettings.DEFAULTS;
  private CriticalPathOrder vertexOrder = CriticalPathOrder.TEZ;
  private boolean dagRunning;
  private long lastWakeRequestMs = Long.MAX_VALUE;

  /**
   * @param signatureFits whether a container whose JVM has the first signature can run a task of
   *     the second (Tez's {@code ContainerSignatureMatcher.isSuperSet})
   */
  public SchedulingPolicy(SchedulerSettings settings, ClusterView cluster, BiPredicate<Object, Object> signatureFits,
      Decisions out) {
    this.settings = settings;
    this.cluster = cluster;
    this.fit = new ContainerFit(signatureFits);
    this.out = out;
    this.planner = new LocalityPlanner(cluster, turnover);
    this.preemption = new PreemptionPlanner(settings);
    this.placement = new Placement(pending, held, fit);
    this.sessionPool = new SessionPool(settings.sessionHeldContainers(), settings.sessionPauseHoldMs());
    this.idleRelease = new IdleRelease(settings, held, pending, fit, sessionPool, placement::servesRunnable);
  }

  // ---- the DAG ----

  /** A DAG starts: its shape (for blocking) and its settings. */
  public void dagStarted(long nowMs, DagShape shape, DagSettings settings) {
    this.dag = shape;
    this.dagSettings = settings;
    this.vertexOrder = settings.criticalPathFirst() ? CriticalPathOrder.of(shape) : CriticalPathOrder.TEZ;
    this.dagRunning = true;
    sessionPool.dagStarted();
    pending.dagStarted(shape);
    settle(nowMs); // containers a session kept between DAGs fall due again
  }

  /** The DAG ended: requests it left are withdrawn; held containers stay for the next, or go idle-release. */
  public void dagCompleted(long nowMs) {
    for (PendingRequest r : pending.clear()) {
      out.withdraw(r);
    }
    dag = DagShape.NONE;
    vertexOrder = CriticalPathOrder.TEZ;
    pending.dagStarted(dag);
    dagRunning = false;
    sessionPool.dagCompleted(nowMs);
    settle(nowMs);
  }

  // ---- tasks ----

  /**
   * Tez asks a container for {@code task}. It runs at once in an idle container that suits it (one
   * on its node, or, by its locality plan, any), else it waits and YARN is asked.
   *
   * @param tezPriority the priority Tez gave the task (the DAG's settings may reorder its vertices)
   * @param affinity the container Tez would like it to run in (a one-to-one consumer), or null
   */
  public void taskRequested(long nowMs, Object task, Object cookie, int vertex, int tezPriority, long memoryMb,
      int vcores, Object signature, String[] hosts, String[] racks, ContainerId affinity) {
    int priority = vertexOrder.priority(vertex, tezPriority);
    pending.asked(vertex);
    sessionPool.taskAsked(nowMs);
    PendingRequest previous = pending.remove(task);
    if (previous != null) {
      out.withdraw(previous); // asked again: the newer request replaces it
    }
    HeldContainer preferred = affinity == null ? null : held.get(affinity);
    if (preferred != null && preferred.state() == HeldContainer.State.IDLE
        && fit.fits(preferred, memoryMb, vcores, signature)) {
      assign(preferred, task, cookie, vertex, priority, signature, nowMs);
      settle(nowMs);
      return;
    }
    String[] hostHints = preferred != null ? new String[] {preferred.host} : hosts;
    LocalityPlan plan = planner.plan(hostHints, preferred != null ? null : racks, dagSettings);
    PendingRequest r = pending.add(task, cookie, vertex, priority, memoryMb, vcores, signature, affinity, nowMs, plan);
    HeldContainer idle = placement.bestIdleFor(r);
    if (idle != null) {
      pending.remove(task);
      assign(idle, task, cookie, vertex, priority, signature, nowMs);
    } else {
      out.ask(r);
    }
    settle(nowMs);
  }

  /**
   * Tez is done with {@code task}: if it still waited, its request is withdrawn; if it ran, its
   * container takes another task, waits idle, or goes back to YARN (after a failure, or when reuse
   * is off). Returns false if the scheduler knew nothing of the task.
   *
   * @param reusable false when the container must not run another task (its task failed, or it was
   *     preempted)
   */
  public boolean taskDeallocated(long nowMs, Object task, boolean reusable) {
    PendingRequest r = pending.remove(task);
    if (r != null) {
      out.withdraw(r);
      settle(nowMs);
      return true;
    }
    HeldContainer c = held.ofTask(task);
    if (c == null) {
      return false;
    }
    turnover.freed(c.host, c.rack, nowMs);
    sessionPool.taskFinished();
    if (c.state() == HeldContainer.State.PREEMPTING || !reusable || !settings.reuseEnabled()) {
      release(c);
    } else {
      held.taskLeft(c, nowMs);
      offer(c, nowMs);
    }
    settle(nowMs);
    return true;
  }

  /** Tez wants the container gone (after preempting it, or when its task ended badly). */
  public Object containerDeallocated(long nowMs, ContainerId id) {
    HeldContainer c = held.get(id);
    if (c == null) {
      return null;
    }
    Object task = c.task;
    release(c);
    settle(nowMs);
    return task;
  }

  // ---- YARN ----

  /**
   * YARN allocated these containers: each takes the best waiting task, or waits idle, or goes back.
   * Level by level across the batch (every container's node first, then racks, then anywhere), so
   * that a container early in the batch does not take off-node a task a later one holds the data of.
   */
  public void containersAllocated(long nowMs, List<Container> containers) {
    pending.promote(nowMs);
    List<HeldContainer> fresh = new ArrayList<>(containers.size());
    for (Container container : containers) {
      HeldContainer c = held.add(container, cluster.rackOf(container.getNodeId().getHost()), nowMs);
      preemption.allocated(c.memoryMb);
      fresh.add(c);
    }
    releaseUseless(place(fresh, nowMs, true)); // the others stay idle: the DAG's next vertices may need them soon
    settle(nowMs);
  }

  /** YARN completed these containers (released, preempted by YARN, failed, or on a lost node). */
  public void containersCompleted(long nowMs, List<ContainerStatus> statuses) {
    for (ContainerStatus status : statuses) {
      HeldContainer c = held.get(status.getContainerId());
      if (c == null) {
        continue; // released by us; YARN confirms
      }
      Object task = c.task;
      held.release(c);
      if (task != null) {
        out.containerCompleted(task, status);
      }
    }
    settle(nowMs);
  }

  /**
   * YARN reported nodes lost or unhealthy: tasks that preferred only those stop waiting for them
   * (a strict task then takes any node, since its own are gone).
   */
  public void nodesChanged(long nowMs) {
    List<PendingRequest> stranded = new ArrayList<>();
    for (PendingRequest r : pending.all()) {
      if (!r.plan().isRelaxed() && r.plan().hosts().stream().noneMatch(cluster::usable)) {
        stranded.add(r);
      }
    }
    for (PendingRequest r : stranded) {
      out.withdraw(r);
      pending.replan(r, LocalityPlan.relaxed(), nowMs);
      out.ask(r);
    }
    placeIdle(nowMs);
    settle(nowMs);
  }

  /**
   * An AM-RM heartbeat: idle containers are offered again, then preemption is considered.
   *
   * @param headroomMb what YARN says it can still give the AM
   * @param countVcores whether YARN schedules by vcores as well as memory
   */
  public void heartbeat(long nowMs, long headroomMb, int headroomVcores, boolean countVcores) {
    idleRelease.headroom(headroomMb, headroomVcores, countVcores);
    placeIdle(nowMs);
    releaseIdleDue(nowMs);
    considerPreemption(nowMs, headroomMb, headroomVcores, countVcores);
    settle(nowMs);
  }

  /**
   * What the ResourceManager says the other applications in the AM's queue wait for (its queue's
   * pending memory less the AM's own asks): idle containers go back sooner while they wait. Takes
   * effect at the next heartbeat or wake.
   */
  public void queueWaiting(long memoryMb) {
    idleRelease.queueWaiting(memoryMb);
  }

  /** A timer: waits ran out, or idle containers are due back. */
  public void wake(long nowMs) {
    lastWakeRequestMs = Long.MAX_VALUE;
    placeIdle(nowMs);
    releaseIdleDue(nowMs);
    settle(nowMs);
  }

  /** The scheduler stops: every held container goes back to YARN. */
  public void shutdown() {
    for (HeldContainer c : held.all()) {
      release(c);
    }
  }

  // ---- placement ----

  private void placeIdle(long nowMs) {
    pending.promote(nowMs);
    if (!pending.isEmpty() && held.hasIdle()) {
      place(held.idle(), nowMs, false);
    }
  }

  /** A container is free (a task left it): it takes the best task, or stays idle. */
  private void offer(HeldContainer c, long nowMs) {
    pending.promote(nowMs);
    releaseUseless(place(List.of(c), nowMs, false));
  }

  /** Hands back the free containers no waiting task could run in ({@link IdleRelease#useless}). */
  private void releaseUseless(List<HeldContainer> free) {
    idleRelease.useless(free).forEach(this::release);
  }

  /** Gives free containers tasks ({@link Placement#place}); returns the containers left free. */
  private List<HeldContainer> place(List<HeldContainer> free, long nowMs, boolean fresh) {
    List<HeldContainer> left = new ArrayList<>(free);
    for (Placement.Assignment a : placement.place(left, fresh, nowMs, dagSettings.containerWaitMs())) {
      PendingRequest r = a.request();
      out.withdraw(r);
      assign(a.container(), r.task, r.cookie, r.vertex, r.priority, r.signature, nowMs);
    }
    return left;
  }

  private void assign(HeldContainer c, Object task, Object cookie, int vertex, int priority, Object signature,
      long nowMs) {
    boolean reused = c.tasksRun > 0;
    held.assign(c, task, cookie, vertex, priority, signature, nowMs);
    out.assign(task, cookie, c.container, reused);
  }

  private void release(HeldContainer c) {
    if (held.release(c)) {
      out.release(c.id, c.tasksRun > 0);
    }
  }

  // ---- idle release ----

  private void releaseIdleDue(long nowMs) {
    idleRelease.due(nowMs, dagRunning).forEach(this::release);
  }

  // ---- preemption ----

  /**
   * At each heartbeat: the cheap questions first (is a round due, is there anything it could take),
   * so a heartbeat with thousands of requests waiting and nothing to preempt costs next to nothing.
   */
  private void considerPreemption(long nowMs, long headroomMb, int headroomVcores, boolean countVcores) {
    PendingRequest waiting = pending.firstRunnable();
    if (waiting == null || !preemption.isDue(nowMs, waiting, headroomMb, headroomVcores, countVcores,
        held.anyIdle(c -> c.fits(waiting.memoryMb, waiting.vcores)))) {
      return;
    }
    BitSet descendants = dag.descendants(waiting.vertex);
    boolean victims = held.anyRunningIn(descendants);
    if (!held.hasIdle() && !victims) {
      return; // nothing to hand back, no task it may take
    }
    PreemptionPlan plan = preemption.plan(nowMs, waiting, pending.runnableAt(waiting.priority), headroomMb,
        headroomVcores, countVcores, held.idle(), victims ? held.running() : List.of(), descendants,
        placement::servesRunnable);
    for (HeldContainer c : plan.release()) {
      release(c);
    }
    for (HeldContainer c : plan.preempt()) {
      held.preempting(c);
      out.preempt(c.id);
    }
  }

  /**
   * Ends every call: when a vertex's last waiting task left (it got a container, or was withdrawn),
   * the vertices it blocked may run, and idle containers are offered to them at once rather than at
   * the next heartbeat; then preemption learns whether its kills have landed, and the wake-up is set.
   */
  private void settle(long nowMs) {
    while (pending.takeUnblocked() && held.hasIdle() && !pending.isEmpty()) {
      place(held.idle(), nowMs, false);
    }
    preemption.inFlight(nowMs, held.preemptionsInFlight());
    scheduleWake(nowMs);
  }

  // ---- timers ----

  /** Asks to be woken when something may change with time alone: a wait running out, an idle release, a deadline. */
  private void scheduleWake(long nowMs) {
    long next = Long.MAX_VALUE;
    if (held.hasIdle()) {
      if (!pending.isEmpty()) {
        next = Math.min(next, pending.nextPromotionMs());
        long wait = dagSettings.containerWaitMs();
        next = Math.min(next, held.firstIdleFor(wait, nowMs - wait)); // its container wait ends
      }
      next = Math.min(next, idleRelease.nextDueMs(nowMs, dagRunning));
    }
    if (next != Long.MAX_VALUE && next < lastWakeRequestMs) {
      lastWakeRequestMs = Math.max(next, nowMs);
      out.wakeAt(lastWakeRequestMs);
    }
  }

  // ---- views for the adapter and tests ----

  public int pendingRequests() {
    return pending.size();
  }

  public int heldContainers() {
    return held.size();
  }

  public long heldMemoryMb() {
    return held.heldMemoryMb();
  }

  /** Tasks whose container the scheduler holds, for the adapter to report or check. */
  public Set<Object> runningTasks() {
    Set<Object> tasks = new HashSet<>();
    for (HeldContainer c : held.running()) {
      tasks.add(c.task);
    }
    return tasks;
  }

  public HeldContainer container(ContainerId id) {
    return held.get(id);
  }

  public PendingRequest request(Object task) {
    return pending.get(task);
  }
}
