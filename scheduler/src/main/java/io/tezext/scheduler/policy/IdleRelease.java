package io.tezext.scheduler.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.containers.HeldContainers;
import io.tezext.scheduler.requests.PendingRequest;
import io.tezext.scheduler.requests.PendingRequests;

/**
 * Which idle containers go back to YARN. Holding a container is a bet that a task of ours will want
 * its warm JVM soon (no bet when a waiting task will take it once a locality wait ends: it stays
 * for that task); the bet is called off by the idle release time, sooner when YARN has no room
 * for another like it (the crowded release: another application may be waiting for exactly that
 * room), sooner still when the running DAG can no longer use it (every vertex has asked and none
 * fits, or between a session's DAGs: nothing of ours is known to come, and other applications pay
 * for the wait), except a session's pool of warm JVMs for its next DAG through a pause as short as
 * the session's last ones, or while YARN has room to spare ({@link #releasable}). The headroom
 * alone cannot say that another application waits: freed room shows as headroom until a
 * NodeManager's heartbeat hands it on, and other applications' requests wait for their nodes with
 * room free elsewhere; so what the queue's other applications wait for, when the adapter polls it,
 * counts as crowding too. A container no waiting task could run in goes
 * back at once when it is new, or while a task waits runnable.
 */
final class IdleRelease {
  private final SchedulerSettings settings;
  private final HeldContainers held;
  private final PendingRequests pending;
  private final ContainerFit fit;
  private final SessionPool pool;
  /** Whether a runnable waiting task will take the idle container once a locality wait ends. */
  private final Predicate<HeldContainer> awaited;
  /** What YARN said at the last heartbeat the AM could still have: a container that would not fit is crowded out. */
  private long headroomMb = Long.MAX_VALUE;
  private int headroomVcores = Integer.MAX_VALUE;
  private boolean countVcores;
  /** What the other applications in the AM's queue were last known to wait for (0: nothing, or not known). */
  private long queueWaitingMb;

  IdleRelease(SchedulerSettings settings, HeldContainers held, PendingRequests pending, ContainerFit fit,
      SessionPool pool, Predicate<HeldContainer> awaited) {
    this.settings = settings;
    this.held = held;
    this.pending = pending;
    this.fit = fit;
    this.pool = pool;
    this.awaited = awaited;
  }

  /** YARN's headroom at a heartbeat, and whether it schedules by vcores as well as memory. */
  void headroom(long headroomMb, int headroomVcores, boolean countVcores) {
    this.headroomMb = headroomMb;
    this.headroomVcores = headroomVcores;
    this.countVcores = countVcores;
  }

  /** What the ResourceManager last said the other applications in the AM's queue wait for. */
  void queueWaiting(long memoryMb) {
    this.queueWaitingMb = memoryMb;
  }

  /**
   * The free containers no waiting task could run in (the wrong size or launch context): a new one
   * (it has no JVM to keep warm, and YARN can give its room to a container the waiting tasks can
   * use), one that ran tasks only while some task waits runnable. With nothing waiting, a used
   * container stays for the idle release: the next vertex, or the session's next DAG, may want its JVM.
   */
  List<HeldContainer> useless(List<HeldContainer> free) {
    return free.isEmpty() ? List.of() : useless(free, pending.firstOfEachVertex());
  }

  private List<HeldContainer> useless(List<HeldContainer> free, List<PendingRequest> firstOfEachVertex) {
    boolean someRunnable = pending.firstRunnable() != null;
    List<HeldContainer> useless = new ArrayList<>();
    for (HeldContainer c : free) {
      if (c.state() == HeldContainer.State.IDLE && (c.tasksRun == 0 || someRunnable)
          && !fit.fitsAny(c, firstOfEachVertex)) {
        useless.add(c);
      }
    }
    return useless;
  }

  /** The idle containers due back at {@code nowMs}: the useless ones, then those whose idle time is up, oldest first. */
  List<HeldContainer> due(long nowMs, boolean dagRunning) {
    if (!held.hasIdle()) {
      return List.of();
    }
    List<PendingRequest> firstOfEachVertex = pending.firstOfEachVertex();
    List<HeldContainer> idle = held.idle();
    List<HeldContainer> due = useless(idle, firstOfEachVertex);
    idle.removeAll(due);
    boolean vertexYetToAsk = pending.someVertexYetToAsk();
    for (HeldContainer c : releasable(idle, dagRunning, nowMs)) {
      long idleMs = nowMs - c.idleSinceMs();
      boolean wantedLater = dagRunning && (vertexYetToAsk || fit.fitsAny(c, firstOfEachVertex));
      if ((idleMs >= settings.idleReleaseMs() || idleMs >= settings.idleReleaseCrowdedMs() && crowdedOut(c))
          && !awaited(c, dagRunning)
          || idleMs >= settings.idleReleaseUnneededMs() && !wantedLater) {
        due.add(c);
      }
    }
    return due;
  }

  /**
   * When the first idle container the idle release applies to is due back, by the idle release
   * time or, for one the queue's other applications wait for, the crowded release time, or when the
   * session's hold on its pool through a pause ends; {@link Long#MAX_VALUE} if none. One crowded out
   * by the headroom alone is checked at heartbeats, as is the unneeded release: a short headroom may
   * be the AM's own containers, or a competitor on another queue that takes the room, and a warm JVM
   * kept one heartbeat longer often runs the DAG's next task. One a waiting task will take is not due (it is checked again at each
   * heartbeat): waking for it would find it kept, and ask to be woken at once again.
   */
  long nextDueMs(long nowMs, boolean dagRunning) {
    long idleMs = settings.idleReleaseMs();
    long crowdedMs = Math.min(idleMs, settings.idleReleaseCrowdedMs());
    long keptUntilMs = pool.keptUntilMs();
    long next = keptUntilMs > nowMs && pool.size() > 0 ? keptUntilMs : Long.MAX_VALUE;
    boolean crowdedSeen = false;
    boolean uncrowdedSeen = false;
    // Oldest idle first: the first container of each kind not awaited is the soonest due of its kind.
    for (HeldContainer c : releasable(held.idle(), dagRunning, nowMs)) {
      boolean crowded = othersWaitFor(c);
      if ((crowded ? crowdedSeen : uncrowdedSeen) || awaited(c, dagRunning)) {
        continue;
      }
      next = Math.min(next, c.idleSinceMs() + (crowded ? crowdedMs : idleMs));
      crowdedSeen |= crowded;
      uncrowdedSeen |= !crowded;
      if (crowdedSeen && uncrowdedSeen) {
        break;
      }
    }
    return next;
  }

  /**
   * Whether a runnable task of the running DAG waits that will take {@code c} once its wait for its
   * nodes or racks, or the container's own wait, is over: neither the idle nor the crowded release
   * applies to it. Released there, the container would leave just before that task takes it, and the
   * task would wait for a new one from YARN (a cold JVM, and on a crowded queue another application's
   * room to be preempted back).
   */
  private boolean awaited(HeldContainer c, boolean dagRunning) {
    return dagRunning && awaited.test(c);
  }

  /**
   * Whether, by the last heartbeat's headroom, YARN could not give the AM another container like
   * {@code c}, or another application of the queue waits for at least as much as {@code c} holds.
   */
  private boolean crowdedOut(HeldContainer c) {
    return !headroomHolds(c.memoryMb, c.vcores) || othersWaitFor(c);
  }

  private boolean othersWaitFor(HeldContainer c) {
    return queueWaitingMb >= c.memoryMb;
  }

  /** Whether the last heartbeat's headroom had room for this much again. */
  private boolean headroomHolds(long memoryMb, long vcores) {
    return memoryMb <= headroomMb && (!countVcores || vcores <= headroomVcores);
  }

  /**
   * Of the idle containers (oldest idle first), those the idle release applies to: all but the
   * session's pool ({@link SessionPool}), the most recently idle. In a pause the session's recent
   * pauses say will be short, the whole pool stays, until the next DAG asks for a container or the
   * pause outlasts them. Otherwise while a DAG runs, all of them; between DAGs, all but as much of the
   * pool as the last heartbeat's headroom has room for again, while no other application of the
   * queue is known to wait for one like them: room YARN could still give the AM is room no other
   * application is waiting for; once it is not there, the pool goes back.
   */
  private List<HeldContainer> releasable(List<HeldContainer> idle, boolean dagRunning, long nowMs) {
    int wanted = Math.min(pool.size(), idle.size());
    int keep = 0;
    if (nowMs < pool.keptUntilMs()) {
      keep = wanted;
    } else if (!dagRunning) {
      long mb = 0;
      long vcores = 0;
      while (keep < wanted) {
        HeldContainer c = idle.get(idle.size() - 1 - keep);
        mb += c.memoryMb;
        vcores += c.vcores;
        if (!headroomHolds(mb, vcores) || othersWaitFor(c)) {
          break;
        }
        keep++;
      }
    }
    return idle.subList(0, idle.size() - keep);
  }
}
