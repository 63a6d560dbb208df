package io.tezext.scheduler.preemption;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.requests.PendingRequest;

/**
 * Decides when to preempt and what: when the highest-priority runnable request has waited past the
 * deadline, or neither YARN's headroom nor an idle container can fit it, and the last round was long
 * enough ago. It first hands back idle containers no runnable request can use; then, if that is not
 * enough room, preempts tasks of the waiting vertex's descendants only (never a vertex it depends
 * on), those that lose the least work first (shortest run so far), no more than the room needed,
 * and no more than a share of the AM's task containers per round.
 */
public final class PreemptionPlanner {
  /** Least work lost first: the most recently assigned; ties broken by allocation order. */
  private static final Comparator<HeldContainer> LEAST_WORK_LOST =
      Comparator.comparingLong((HeldContainer c) -> -c.assignedMs).thenComparing(c -> c.id);

  private final SchedulerSettings settings;
  private long lastRoundMs = Long.MIN_VALUE;

  public PreemptionPlanner(SchedulerSettings settings) {
    this.settings = settings;
  }

  /**
   * Whether a round is due for {@code waiting}, the highest-priority request whose vertex is not
   * blocked: the last round was long enough ago, and it has waited past the deadline, or neither
   * YARN's headroom nor an idle container could fit it. Cheap: called at every heartbeat.
   *
   * @param headroomMb memory YARN says it can still give the AM
   * @param headroomVcores vcores likewise
   * @param countVcores whether YARN schedules by vcores too
   * @param idleFits whether some idle container is big enough for it
   */
  public boolean isDue(long nowMs, PendingRequest waiting, long headroomMb, int headroomVcores, boolean countVcores,
      boolean idleFits) {
    if (lastRoundMs != Long.MIN_VALUE && nowMs - lastRoundMs < settings.preemptionIntervalMs()) {
      return false;
    }
    return overdue(nowMs, waiting) || !(fits(waiting, headroomMb, headroomVcores, countVcores) || idleFits);
  }

  /**
   * The round for {@code waiting} ({@link #isDue} said so).
   *
   * @param samePriority the runnable requests at its priority (it included): the room they need
   * @param headroomMb memory YARN says it can still give the AM
   * @param headroomVcores vcores likewise
   * @param countVcores whether YARN schedules by vcores too
   * @param idle idle containers, oldest first
   * @param running containers with a task, in allocation order
   * @param descendants the vertices that descend from {@code waiting}'s
   * @param servesRunnable whether an idle container can take some runnable request (then it stays)
   */
  public PreemptionPlan plan(long nowMs, PendingRequest waiting, List<PendingRequest> samePriority, long headroomMb,
      int headroomVcores, boolean countVcores, List<HeldContainer> idle, List<HeldContainer> running,
      BitSet descendants, Predicate<HeldContainer> servesRunnable) {
    boolean overdue = overdue(nowMs, waiting);
    // The room the waiting priority needs; when it is overdue, headroom is not believed (TEZ-2834).
    long needMb = 0;
    long needVcores = 0;
    for (PendingRequest r : samePriority) {
      needMb += r.memoryMb;
      needVcores += r.vcores;
    }
    if (!overdue) {
      needMb -= headroomMb;
      needVcores -= headroomVcores;
    }
    List<HeldContainer> release = new ArrayList<>();
    for (HeldContainer c : idle) {
      if (!servesRunnable.test(c)) {
        release.add(c);
        needMb -= c.memoryMb;
        needVcores -= c.vcores;
      }
    }
    List<HeldContainer> preempt = new ArrayList<>();
    int cap = Math.max(1, running.size() * settings.preemptionMaxPercentage() / 100);
    List<HeldContainer> candidates = new ArrayList<>();
    for (HeldContainer c : running) {
      if (c.state() == HeldContainer.State.RUNNING && c.vertex >= 0 && descendants.get(c.vertex)) {
        candidates.add(c);
      }
    }
    candidates.sort(LEAST_WORK_LOST);
    for (HeldContainer c : candidates) {
      if ((needMb <= 0 && (!countVcores || needVcores <= 0)) || preempt.size() >= cap) {
        break;
      }
      preempt.add(c);
      needMb -= c.memoryMb;
      needVcores -= c.vcores;
    }
    PreemptionPlan plan = new PreemptionPlan(release, preempt);
    if (!plan.isEmpty()) {
      lastRoundMs = nowMs;
    }
    return plan;
  }

  private boolean overdue(long nowMs, PendingRequest waiting) {
    return nowMs - waiting.requestedMs >= settings.preemptionMaxWaitMs();
  }

  private static boolean fits(PendingRequest r, long headroomMb, int headroomVcores, boolean countVcores) {
    return headroomMb >= r.memoryMb && (!countVcores || headroomVcores >= r.vcores);
  }
}
