package io.tezext.scheduler.policy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.containers.HeldContainers;
import io.tezext.scheduler.locality.LocalityLevel;
import io.tezext.scheduler.requests.PendingRequest;
import io.tezext.scheduler.requests.PendingRequests;

/**
 * Which waiting task runs in which free container. A free container (a task left it, or YARN just
 * allocated it) goes to the best waiting task of any priority whose vertex is not blocked by a
 * waiting ancestor: one wanting its node first, then one accepting its rack by now, then one
 * accepting any node by now; within a level, the highest priority, then the oldest. A container YARN
 * allocated for a priority also takes a task of that priority that accepts only other nodes or
 * racks, since YARN has already waited for locality. A container that is not fresh from YARN goes
 * to a task that only accepts its rack or any node once it has waited the DAG's container wait
 * idle: a task wanting its node may still come (a vertex's next tasks, the next query of a
 * session), as Tez's own scheduler lets a container wait. Tasks whose hints carry no locality take
 * it at once: they have nothing to wait for and it has no node to keep for them.
 */
final class Placement {
  private final PendingRequests pending;
  private final HeldContainers held;
  private final ContainerFit fit;

  Placement(PendingRequests pending, HeldContainers held, ContainerFit fit) {
    this.pending = pending;
    this.held = held;
    this.fit = fit;
  }

  /** A waiting task's request and the container it runs in. */
  record Assignment(PendingRequest request, HeldContainer container) {
  }

  /**
   * Gives free containers tasks, level by level across them: first tasks wanting their nodes, then
   * tasks accepting their racks by now, then any node by now. A container YARN has just allocated
   * (fresh) goes first to a task of the priority it was allocated for (on its node, its rack,
   * anywhere; never a strict task off its nodes and racks), blocked or not: YARN has waited for
   * locality for that priority and served the higher ones first, and taking a task of that priority
   * keeps the AM's asks and YARN's counts of them in step. The requests assigned leave the waiting
   * ones; the containers assigned leave {@code free}. Returns the assignments, in the order made.
   *
   * @param containerWaitMs how long a container that is not fresh waits idle before a task without
   *     its node but with locality elsewhere may take it
   */
  List<Assignment> place(List<HeldContainer> free, boolean fresh, long nowMs, long containerWaitMs) {
    List<Assignment> made = new ArrayList<>();
    if (fresh) {
      assignEach(free, made, c -> atPriority(c, LocalityLevel.NODE));
      assignEach(free, made, c -> atPriority(c, LocalityLevel.RACK));
      assignEach(free, made, c -> atPriority(c, LocalityLevel.ANY));
    }
    Predicate<HeldContainer> waited = c -> fresh || nowMs - c.idleSinceMs() >= containerWaitMs;
    assignEach(free, made, c -> first(pending.onHost(c.host), c));
    assignEach(free, made, c -> waited.test(c) ? first(pending.rackReady(c.rack), c) : null);
    assignEach(free, made, c -> first(waited.test(c) ? pending.anyReady() : pending.relaxed(), c));
    return made;
  }

  /** Offers each container in turn the request {@code pick} chooses for it; those assigned leave the list. */
  private void assignEach(List<HeldContainer> free, List<Assignment> made,
      Function<HeldContainer, PendingRequest> pick) {
    for (Iterator<HeldContainer> it = free.iterator(); it.hasNext() && !pending.isEmpty();) {
      HeldContainer c = it.next();
      PendingRequest r = pick.apply(c);
      if (r != null) {
        pending.remove(r.task);
        made.add(new Assignment(r, c));
        it.remove();
      }
    }
  }

  /** The first request at the container's priority it may run at {@code level}. */
  private PendingRequest atPriority(HeldContainer c, LocalityLevel level) {
    for (PendingRequest r : pending.all()) {
      if (r.priority > c.priority) {
        break;
      }
      // Not checked for blocking: YARN served this priority after the higher ones it was asked for.
      if (r.priority != c.priority || !fit.fits(c, r)) {
        continue;
      }
      boolean at = switch (level) {
        case NODE -> r.plan().hosts().contains(c.host);
        case RACK -> r.plan().racks().contains(c.rack);
        case ANY -> r.plan().reaches(LocalityLevel.ANY);
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

  /** The idle container a new request may take at once, by its locality plan now; null if none. */
  HeldContainer bestIdleFor(PendingRequest r) {
    if (!held.hasIdle() || pending.isBlocked(r)) {
      return null;
    }
    HeldContainer rackLocal = null;
    HeldContainer any = null;
    for (HeldContainer c : held.idle()) {
      if (!fit.fits(c, r)) {
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

  /** Whether a runnable waiting task could run in the container (an idle container worth keeping). */
  boolean servesRunnable(HeldContainer c) {
    return pending.anyRunnable(r -> fit.fits(c, r),
        r -> r.plan().reaches(LocalityLevel.ANY) || r.plan().racks().contains(c.rack));
  }

  private boolean suits(PendingRequest r, HeldContainer c) {
    return !pending.isBlocked(r) && fit.fits(c, r);
  }
}
