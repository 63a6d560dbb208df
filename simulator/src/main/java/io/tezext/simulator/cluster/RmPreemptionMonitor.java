package io.tezext.simulator.cluster;

import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_DEAD_ZONE;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_INTERVAL_MS;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_LATE_KILL_SHARE;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_NATURAL_TERMINATION;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_PER_ROUND;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_RANDOM_PHASE;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_WAIT_MS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;

/**
 * The CapacityScheduler's ProportionalCapacityPreemptionPolicy (Hadoop 3.4), by memory, for leaf
 * queues under one root. Every monitoring interval it works out each queue's ideal share
 * ({@link IdealShares}). A queue using more than its ideal share, and more than its guarantee by
 * over the dead zone, gives back the excess (scaled so that one round takes at most the per-round
 * share of the cluster), of which only the natural-termination share is asked for this round (the
 * rest is expected to finish by itself); a container is taken only if it fits in what is left of
 * the round's share.
 * Victims come from the newest-submitted application first, and within one from its lowest
 * container priority (the highest number), newest container first; AM containers are spared (YARN
 * also takes them once a queue's AMs exceed its AM share of its guarantee and its other containers
 * do not cover what it must give back; not modelled). A
 * container chosen is warned and killed if a round at least the wait after the warning still
 * chooses it; a warning older than twice the wait is forgotten.
 */
final class RmPreemptionMonitor {
  private static final Comparator<RmContainer> VICTIM_ORDER = Comparator.comparingInt(RmContainer::priority).reversed()
      .thenComparing(Comparator.comparingLong(RmContainer::id).reversed());

  private final ResourceManager rm;
  private final EventLoop loop;
  private final YarnSettings yarn;
  private final SplittableRandom draws;
  /** Containers warned, by id. */
  private final Map<Long, Warning> warnings = new HashMap<>();
  /** The first round's instant; every later round is a whole number of intervals after it. */
  private final long firstRoundMs;
  /** No container lives, so no round is scheduled until one is allocated. */
  private boolean asleep;

  /** When a container was warned, and whether its kill comes a round after the wait. */
  private record Warning(long atMs, boolean late) {
  }

  RmPreemptionMonitor(ResourceManager rm, EventLoop loop, YarnSettings yarn, long seed) {
    this.rm = rm;
    this.loop = loop;
    this.yarn = yarn;
    this.draws = new SplittableRandom(seed).split(); // a stream of its own, not the workload generator's
    long interval = yarn.get(PREEMPTION_INTERVAL_MS);
    this.firstRoundMs = loop.now() + (yarn.get(PREEMPTION_RANDOM_PHASE) ? 1 + draws.nextLong(interval) : interval);
    loop.at(firstRoundMs, Phase.TIMER, this::check);
  }

  /**
   * A container was allocated. YARN's monitor runs every interval whatever the cluster holds; rounds
   * while no container lives can choose nothing, so the simulated one skips them and wakes on the
   * first allocation for the next round of the same schedule.
   */
  void containerAllocated() {
    if (asleep) {
      asleep = false;
      long interval = yarn.get(PREEMPTION_INTERVAL_MS);
      loop.at(firstRoundMs + ((loop.now() - firstRoundMs) / interval + 1) * interval, Phase.TIMER, this::check);
    }
  }

  private void check() {
    long now = loop.now();
    List<RmContainer> chosen = choose();
    long wait = yarn.get(PREEMPTION_WAIT_MS);
    long interval = yarn.get(PREEMPTION_INTERVAL_MS);
    Boolean lateThisRound = null; // drawn once, for the round's new warnings, if it warns any
    for (RmContainer victim : chosen) {
      Warning warned = warnings.get(victim.id());
      if (warned == null) {
        if (lateThisRound == null) {
          // Only a wait of whole intervals ends exactly on a round, where the clock's lag decides.
          double share = yarn.get(PREEMPTION_LATE_KILL_SHARE);
          lateThisRound = share > 0 && wait > 0 && wait % interval == 0 && draws.nextDouble() < share;
        }
        warnings.put(victim.id(), new Warning(now, lateThisRound));
      } else if (warned.atMs() + wait + (warned.late() ? interval : 0) <= now) {
        warnings.remove(victim.id());
        rm.preempt(victim);
      }
    }
    warnings.values().removeIf(w -> w.atMs() + 2 * wait < now);
    if (rm.liveContainers().isEmpty()) {
      warnings.clear();
      asleep = true;
    } else {
      loop.after(interval, Phase.TIMER, this::check);
    }
  }

  /** The containers this round asks back, in the order YARN picks them. */
  private List<RmContainer> choose() {
    List<RmQueue> queues = new ArrayList<>(rm.queues());
    long total = rm.liveMemoryMb();
    List<IdealShares.Demand> demands = new ArrayList<>();
    for (RmQueue q : queues) {
      demands.add(new IdealShares.Demand(q.guaranteedMemoryMb, q.maxMemoryMb, q.usedMemoryMb, q.pendingMemoryMb()));
    }
    long[] ideal = IdealShares.of(demands, total);
    long needed = 0;
    for (int i = 0; i < queues.size(); i++) {
      needed += Math.max(0, queues.get(i).usedMemoryMb - ideal[i]);
    }
    double allowed = total * yarn.get(PREEMPTION_PER_ROUND);
    double scale = Math.min(1, allowed / Math.max(1, needed));
    List<RmContainer> chosen = new ArrayList<>();
    for (int i = 0; i < queues.size(); i++) {
      RmQueue q = queues.get(i);
      if (q.usedMemoryMb <= q.guaranteedMemoryMb * (1 + yarn.get(PREEMPTION_DEAD_ZONE))) {
        continue;
      }
      // What the queue keeps: its ideal share, and never less than its guarantee if it wants that much.
      long kept = Math.max(Math.min(q.usedMemoryMb + demands.get(i).pendingMb(), q.guaranteedMemoryMb), ideal[i]);
      long excess = (long) (Math.max(0, q.usedMemoryMb - kept) * scale);
      long toObtain = (long) (excess * yarn.get(PREEMPTION_NATURAL_TERMINATION) + 0.5); // YARN rounds half up
      for (int a = q.apps.size() - 1; a >= 0 && toObtain > 0; a--) { // newest application first
        List<RmContainer> candidates = new ArrayList<>();
        for (RmContainer c : q.apps.get(a).live.values()) {
          if (!c.isAmContainer()) {
            candidates.add(c);
          }
        }
        candidates.sort(VICTIM_ORDER);
        for (RmContainer c : candidates) {
          if (toObtain <= 0) {
            break;
          }
          if (c.memoryMb() > allowed) {
            continue; // YARN takes no container larger than what is left of the round's share
          }
          chosen.add(c);
          toObtain -= c.memoryMb();
          allowed -= c.memoryMb();
        }
      }
    }
    return chosen;
  }
}
