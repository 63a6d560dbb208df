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
 * deadline, or neither YARN's headroom nor an idle container can fit it, and the last round is over
 * and long enough ago. It first hands back idle containers no runnable request can use; then, if that
 * is not enough room, preempts tasks of the waiting vertex's descendants only (never a vertex it
 * depends on), those that lose the least work first (shortest run so far), no more than the room
 * needed, and no more than a share of the AM's task containers per round.
 *
 * <p>One round at a time: none while the last one's kills have not landed, and the interval counts
 * from their landing. A round whose freed room did not come back to the AM (no container allocated
 * between its kills and the next check: another application took the room) doubles the interval
 * for the next, up to {@value #MAX_BACKOFF}x; kills that only give room away destroy work and buy
 * nothing. A round whose room came back resets it.
 */
public final class PreemptionPlanner {
  /** Least work lost first: the most recently assigned; ties broken by allocation order. */
  private static final Comparator<HeldContainer> LEAST_WORK_LOST =
      Comparator.comparingLong((HeldContainer c) -> -c.assignedMs).thenComparing(c -> c.id);

  /** The most the interval grows after rounds whose room went elsewhere. */
  static final int MAX_BACKOFF = 8;

  private final SchedulerSettings settings;
  private long lastRoundMs = Long.MIN_VALUE;
  /** When the last round that preempted was planned. */
  private long lastKillsMs = Long.MIN_VALUE;
  /** Whether the last round preempted and has not been judged yet (did its room come back?). */
  private boolean judging;
  /** Memory YARN allocated to the AM since the last round preempted. */
  private long regainedMb;
  private int backoff = 1;
  /** Containers a round preempted that Tez has not given back yet. */
  private int inFlight;

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
    // Kills Tez never gives back hold no round past the deadline.
    if (inFlight > 0 && nowMs - lastKillsMs < settings.preemptionMaxWaitMs()) {
      return false;
    }
    if (judging && nowMs - lastRoundMs >= settings.preemptionIntervalMs() * backoff) {
      judging = false;
      backoff = regainedMb > 0 ? 1 : Math.min(MAX_BACKOFF, backoff * 2);
    }
    if (lastRoundMs != Long.MIN_VALUE && nowMs - lastRoundMs < settings.preemptionIntervalMs() * backoff) {
      return false;
    }
    return overdue(nowMs, waiting) || !(fits(waiting, headroomMb, headroomVcores, countVcores) || idleFits);
  }

  /**
   * The round for {@code waiting} ({@link #isDue} said so).
   *
   * @param samePriority the runnable requests at its priority (it included): the room they need;
   *     walked only when some container could be preempted
   * @param headroomMb memory YARN says it can still give the AM
   * @param headroomVcores vcores likewise
   * @param countVcores whether YARN schedules by vcores too
   * @param idle idle containers, oldest first
   * @param running containers with a task, in allocation order (the caller may pass none when no
   *     task of a descendant runs: then there is nothing to preempt)
   * @param descendants the vertices that descend from {@code waiting}'s
   * @param servesRunnable whether an idle container can take some runnable request (then it stays)
   */
  public PreemptionPlan plan(long nowMs, PendingRequest waiting, Iterable<PendingRequest> samePriority, long headroomMb,
      int headroomVcores, boolean countVcores, List<HeldContainer> idle, List<HeldContainer> running,
      BitSet descendants, Predicate<HeldContainer> servesRunnable) {
    List<HeldContainer> release = new ArrayList<>();
    for (HeldContainer c : idle) {
      if (!servesRunnable.test(c)) {
        release.add(c);
      }
    }
    List<HeldContainer> candidates = new ArrayList<>();
    for (HeldContainer c : running) {
      if (c.state() == HeldContainer.State.RUNNING && c.vertex >= 0 && descendants.get(c.vertex)) {
        candidates.add(c);
      }
    }
    List<HeldContainer> preempt = candidates.isEmpty() ? List.of()
        : victims(nowMs, waiting, samePriority, headroomMb, headroomVcores, countVcores, release, candidates,
            Math.max(1, running.size() * settings.preemptionMaxPercentage() / 100));
    PreemptionPlan plan = new PreemptionPlan(release, preempt);
    if (!plan.isEmpty()) {
      lastRoundMs = nowMs;
    }
    if (!preempt.isEmpty()) {
      lastKillsMs = nowMs;
      judging = true;
      regainedMb = 0;
    }
    return plan;
  }

  /**
   * The least work lost among {@code candidates} that makes the room the waiting priority needs,
   * at most {@code cap} of them. Only asked when there are candidates: the need walks every request
   * of the priority.
   */
  private List<HeldContainer> victims(long nowMs, PendingRequest waiting, Iterable<PendingRequest> samePriority,
      long headroomMb, int headroomVcores, boolean countVcores, List<HeldContainer> release,
      List<HeldContainer> candidates, int cap) {
    // When the request is overdue, headroom is not believed (TEZ-2834).
    boolean overdue = overdue(nowMs, waiting);
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
    for (HeldContainer c : release) {
      needMb -= c.memoryMb;
      needVcores -= c.vcores;
    }
    List<HeldContainer> preempt = new ArrayList<>();
    candidates.sort(LEAST_WORK_LOST);
    for (HeldContainer c : candidates) {
      if ((needMb <= 0 && (!countVcores || needVcores <= 0)) || preempt.size() >= cap) {
        break;
      }
      preempt.add(c);
      needMb -= c.memoryMb;
      needVcores -= c.vcores;
    }
    return preempt;
  }

  /**
   * After every call of the policy: how many preempted containers Tez has not given back yet. While
   * some are (up to the deadline), the interval's start moves with the time: it counts from when
   * the last one landed.
   */
  public void inFlight(long nowMs, int containers) {
    if (inFlight > 0 && nowMs - lastKillsMs < settings.preemptionMaxWaitMs()) {
      lastRoundMs = nowMs;
    }
    inFlight = containers;
  }

  /** YARN allocated the AM containers of this much memory (the room a round freed may be among it). */
  public void allocated(long memoryMb) {
    regainedMb += memoryMb;
  }

  private boolean overdue(long nowMs, PendingRequest waiting) {
    return nowMs - waiting.requestedMs >= settings.preemptionMaxWaitMs();
  }

  private static boolean fits(PendingRequest r, long headroomMb, int headroomVcores, boolean countVcores) {
    return headroomMb >= r.memoryMb && (!countVcores || headroomVcores >= r.vcores);
  }
}
