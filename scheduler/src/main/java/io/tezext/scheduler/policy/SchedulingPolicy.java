package io.tezext.scheduler.policy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;

import io.tezext.scheduler.config.DagSettings;
import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.containers.HeldContainers;
import io.tezext.scheduler.locality.ClusterView;
import io.tezext.scheduler.locality.LocalityLevel;
import io.tezext.scheduler.locality.LocalityPlan;
import io.tezext.scheduler.locality.LocalityPlanner;
import io.tezext.scheduler.locality.Turnover;
import io.tezext.scheduler.preemption.PreemptionPlan;
import io.tezext.scheduler.preemption.PreemptionPlanner;
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
 * <p>A free container (a task left it, or YARN just allocated it) goes to the best waiting task of
 * any priority whose vertex is not blocked by a waiting ancestor: one wanting its node first, then
 * one accepting its rack by now, then one accepting any node by now; within a level, the highest
 * priority, then the oldest. A container YARN allocated for a priority also takes a task of that
 * priority that accepts only other nodes or racks, since YARN has already waited for locality.
 * When no task can use a container now, it stays idle until a task's wait runs out, or goes back
 * to YARN after the idle release time (or sooner, when a starved higher-priority task needs the
 * room: see {@link PreemptionPlanner}).
 */
public final class SchedulingPolicy {
  private final SchedulerSettings settings;
  private final ClusterView cluster;
  private final Decisions out;
  private final BiPredicate<Object, Object> signatureFits;
  private final Turnover turnover = new Turnover();
  private final LocalityPlanner planner;
  private final PendingRequests pending = new PendingRequests();
  private final HeldContainers held = new HeldContainers();
  private final PreemptionPlanner preemption;
  private DagShape dag = DagShape.NONE;
  private DagSettings dagSettings = DagSettings.DEFAULTS;
  private boolean dagRunning;
  /** What YARN said at the last heartbeat the AM could still have: a container that would not fit is crowded out. */
  private long headroomMb = Long.MAX_VALUE;
  private int headroomVcores = Integer.MAX_VALUE;
  private boolean countVcores;
  private long lastWakeRequestMs = Long.MAX_VALUE;

  /**
   * @param signatureFits whether a container whose JVM has the first signature can run a task of
   *     the second (Tez's {@code ContainerSignatureMatcher.isSuperSet})
   */
  public SchedulingPolicy(SchedulerSettings settings, ClusterView cluster, BiPredicate<Object, Object> signatureFits,
      Decisions out) {
    this.settings = settings;
    this.cluster = cluster;
    this.signatureFits = signatureFits;
    this.out = out;
    this.planner = new LocalityPlanner(cluster, turnover);
    this.preemption = new PreemptionPlanner(settings);
  }

  // ---- the DAG ----

  /** A DAG starts: its shape (for blocking) and its settings. */
  public void dagStarted(long nowMs, DagShape shape, DagSettings settings) {
    this.dag = shape;
    this.dagSettings = settings;
    this.dagRunning = true;
    pending.dagStarted(shape);
    settle(nowMs); // containers a session kept between DAGs fall due again
  }

  /** The DAG ended: requests it left are withdrawn; held containers stay for the next, or go idle-release. */
  public void dagCompleted(long nowMs) {
    for (PendingRequest r : pending.clear()) {
      out.withdraw(r);
    }
    dag = DagShape.NONE;
    pending.dagStarted(dag);
    dagRunning = false;
    settle(nowMs);
  }

  // ---- tasks ----

  /**
   * Tez asks a container for {@code task}. It runs at once in an idle container that suits it (one
   * on its node, or, by its locality plan, any), else it waits and YARN is asked.
   *
   * @param affinity the container Tez would like it to run in (a one-to-one consumer), or null
   */
  public void taskRequested(long nowMs, Object task, Object cookie, int vertex, int priority, long memoryMb,
      int vcores, Object signature, String[] hosts, String[] racks, ContainerId affinity) {
    pending.asked(vertex);
    PendingRequest previous = pending.remove(task);
    if (previous != null) {
      out.withdraw(previous); // asked again: the newer request replaces it
    }
    HeldContainer preferred = affinity == null ? null : held.get(affinity);
    if (preferred != null && preferred.state() == HeldContainer.State.IDLE && preferred.fits(memoryMb, vcores)
        && signatureFits(preferred, signature)) {
      assign(preferred, task, cookie, vertex, priority, signature, nowMs);
      settle(nowMs);
      return;
    }
    String[] hostHints = preferred != null ? new String[] {preferred.host} : hosts;
    LocalityPlan plan = planner.plan(hostHints, preferred != null ? null : racks, dagSettings);
    PendingRequest r = pending.add(task, cookie, vertex, priority, memoryMb, vcores, signature, affinity, nowMs, plan);
    HeldContainer idle = bestIdleFor(r);
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
    this.headroomMb = headroomMb;
    this.headroomVcores = headroomVcores;
    this.countVcores = countVcores;
    placeIdle(nowMs);
    releaseIdleDue(nowMs);
    considerPreemption(nowMs, headroomMb, headroomVcores, countVcores);
    settle(nowMs);
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

  /**
   * Hands back the free containers no waiting task could run in (the wrong size or launch context):
   * a new one at once (it has no JVM to keep warm, and YARN can give its room to a container the
   * waiting tasks can use), one that ran tasks only while some task waits runnable. With nothing
   * waiting, a used container stays for the idle release: the next vertex, or the session's next DAG,
   * may want its JVM.
   */
  private void releaseUseless(List<HeldContainer> free) {
    if (free.isEmpty()) {
      return;
    }
    boolean someRunnable = pending.firstRunnable() != null;
    List<PendingRequest> kinds = pending.firstOfEachVertex();
    for (HeldContainer c : free) {
      if (c.state() == HeldContainer.State.IDLE && (c.tasksRun == 0 || someRunnable)
          && kinds.stream().noneMatch(r -> c.fits(r.memoryMb, r.vcores) && signatureFits(c, r.signature))) {
        release(c);
      }
    }
  }

  /**
   * Gives free containers tasks, level by level across them: first tasks wanting their nodes, then
   * tasks accepting their racks by now, then any node by now. A container YARN has just allocated
   * (fresh) goes first to a task of the priority it was allocated for (on its node, its rack,
   * anywhere; never a strict task off its nodes and racks), blocked or not: YARN has waited for
   * locality for that priority and served the higher ones first, and taking a task of that priority
   * keeps the AM's asks and YARN's counts of them in step. Returns the containers left free.
   */
  private List<HeldContainer> place(List<HeldContainer> free, long nowMs, boolean fresh) {
    List<HeldContainer> left = new ArrayList<>(free);
    if (fresh) {
      assignEach(left, nowMs, c -> atPriority(c, Level.NODE));
      assignEach(left, nowMs, c -> atPriority(c, Level.RACK));
      assignEach(left, nowMs, c -> atPriority(c, Level.ANY));
    }
    assignEach(left, nowMs, c -> first(pending.onHost(c.host), c));
    assignEach(left, nowMs, c -> first(pending.rackReady(c.rack), c));
    assignEach(left, nowMs, c -> first(pending.anyReady(), c));
    return left;
  }

  /** Offers each container in turn the request {@code pick} chooses for it; those assigned leave the list. */
  private void assignEach(List<HeldContainer> free, long nowMs, Function<HeldContainer, PendingRequest> pick) {
    for (Iterator<HeldContainer> it = free.iterator(); it.hasNext() && !pending.isEmpty();) {
      HeldContainer c = it.next();
      PendingRequest r = pick.apply(c);
      if (r != null) {
        run(r, c, nowMs);
        it.remove();
      }
    }
  }

  private enum Level { NODE, RACK, ANY }

  /** The first request at the container's priority it may run at {@code level}. */
  private PendingRequest atPriority(HeldContainer c, Level level) {
    for (PendingRequest r : pending.all()) {
      if (r.priority > c.priority) {
        break;
      }
      // Not checked for blocking: YARN served this priority after the higher ones it was asked for.
      if (r.priority != c.priority || !c.fits(r.memoryMb, r.vcores) || !signatureFits(c, r.signature)) {
        continue;
      }
      boolean at = switch (level) {
        case NODE -> r.plan().hosts().contains(c.host);
        case RACK -> r.plan().racks().contains(c.rack);
        case ANY -> !r.plan().strict();
      };
      if (at) {
        return r;
      }
    }
    return null;
  }

  private PendingRequest first(Iterable<PendingRequest> candidates, HeldContainer c) {
    for (PendingRequest r : candidates) {
      if (suits(r, c)) {
        return r;
      }
    }
    return null;
  }

  /** The idle container a new request may take at once, by its locality plan now. */
  private HeldContainer bestIdleFor(PendingRequest r) {
    if (!held.hasIdle() || pending.isBlocked(r)) {
      return null;
    }
    HeldContainer rackLocal = null;
    HeldContainer any = null;
    for (HeldContainer c : held.idle()) {
      if (!c.fits(r.memoryMb, r.vcores) || !signatureFits(c, r.signature)) {
        continue;
      }
      if (r.plan().hosts().contains(c.host)) {
        return c;
      }
      if (rackLocal == null && r.level() != LocalityLevel.NODE && r.plan().racks().contains(c.rack)) {
        rackLocal = c;
      }
      if (any == null && r.level() == LocalityLevel.ANY) {
        any = c;
      }
    }
    return rackLocal != null ? rackLocal : any;
  }

  private boolean suits(PendingRequest r, HeldContainer c) {
    return !pending.isBlocked(r) && c.fits(r.memoryMb, r.vcores) && signatureFits(c, r.signature);
  }

  private boolean signatureFits(HeldContainer c, Object signature) {
    return c.signature == null || signatureFits.test(c.signature, signature);
  }

  /** Whether a runnable waiting task could run in the container (an idle container worth keeping). */
  private boolean servesRunnable(HeldContainer c) {
    for (PendingRequest r : pending.all()) {
      if (suits(r, c) && (!r.plan().strict() || r.plan().racks().contains(c.rack))) {
        return true;
      }
    }
    return false;
  }

  private void run(PendingRequest r, HeldContainer c, long nowMs) {
    pending.remove(r.task);
    out.withdraw(r);
    assign(c, r.task, r.cookie, r.vertex, r.priority, r.signature, nowMs);
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

  /**
   * Releases idle containers whose time is up: the idle release time; the shorter crowded one when
   * YARN has no room for another like it (a crowded queue is where holding a container no task of
   * ours can use costs most: another application may be waiting for exactly that room); the shorter
   * unneeded one when the running DAG can no longer use it. Holding a container is a bet that a
   * task of ours will want its warm JVM soon; once every vertex has asked and none fits, or between
   * a session's DAGs, nothing of ours is known to come, and other applications pay for the wait.
   */
  private void releaseIdleDue(long nowMs) {
    releaseUseless(held.idle());
    for (HeldContainer c : releasable()) {
      long idleMs = nowMs - c.idleSinceMs();
      if (idleMs >= settings.idleReleaseMs() || idleMs >= settings.idleReleaseCrowdedMs() && crowdedOut(c)
          || idleMs >= settings.idleReleaseUnneededMs() && !wantedLater(c)) {
        release(c);
      }
    }
  }

  /**
   * Whether the running DAG may still want the idle container: a waiting task could run in it, or
   * some vertex has not asked for containers yet. Neither holds between a session's DAGs.
   */
  private boolean wantedLater(HeldContainer c) {
    if (!dagRunning) {
      return false;
    }
    if (pending.someVertexYetToAsk()) {
      return true;
    }
    for (PendingRequest r : pending.firstOfEachVertex()) {
      if (c.fits(r.memoryMb, r.vcores) && signatureFits(c, r.signature)) {
        return true;
      }
    }
    return false;
  }

  /** Whether, by the last heartbeat's headroom, YARN could not give the AM another container like {@code c}. */
  private boolean crowdedOut(HeldContainer c) {
    return headroomMb < c.memoryMb || countVcores && headroomVcores < c.vcores;
  }

  /**
   * Idle containers the idle release applies to, oldest first: all of them while a DAG runs; between
   * a session's DAGs, all but the most recently idle {@code session.held-containers}.
   */
  private List<HeldContainer> releasable() {
    List<HeldContainer> idle = held.idle();
    int keep = dagRunning ? 0 : Math.min(settings.sessionHeldContainers(), idle.size());
    return idle.subList(0, idle.size() - keep);
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
    if (!held.hasIdle() && !held.anyRunningIn(descendants)) {
      return; // nothing to hand back, no task it may take
    }
    PreemptionPlan plan = preemption.plan(nowMs, waiting, pending.runnableAt(waiting.priority), headroomMb,
        headroomVcores, countVcores, held.idle(), held.running(), descendants, this::servesRunnable);
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
      }
      List<HeldContainer> releasable = releasable();
      if (!releasable.isEmpty()) {
        next = Math.min(next, releasable.get(0).idleSinceMs() + settings.idleReleaseMs()); // the oldest is due first
      }
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
