package io.tezext.simulator.cluster;

import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_INTERVAL_MS;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION_WAIT_MS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;

/**
 * RM-side preemption in the manner of the ProportionalCapacityPreemptionPolicy: every interval, a
 * queue below its guarantee with unmet asks may take back what queues above their guarantee use.
 * Victims are the most recently allocated task containers of the most over-served queue (AM
 * containers are spared); each is killed after the configured wait if it is still needed then.
 */
final class RmPreemptionMonitor {
  private final ResourceManager rm;
  private final EventLoop loop;
  private final YarnSettings yarn;
  private final Set<Long> marked = new HashSet<>();

  RmPreemptionMonitor(ResourceManager rm, EventLoop loop, YarnSettings yarn) {
    this.rm = rm;
    this.loop = loop;
    this.yarn = yarn;
    loop.after(yarn.get(PREEMPTION_INTERVAL_MS), Phase.TIMER, this::check);
  }

  private void check() {
    long deficit = deficitMb();
    if (deficit > 0) {
      for (RmContainer victim : victims(deficit)) {
        if (marked.add(victim.id())) {
          loop.after(yarn.get(PREEMPTION_WAIT_MS), Phase.FAILURE, () -> kill(victim));
        }
      }
    }
    if (!rm.liveContainers().isEmpty() || deficit > 0) {
      loop.after(yarn.get(PREEMPTION_INTERVAL_MS), Phase.TIMER, this::check);
    } else {
      // Idle cluster: look again when work may have arrived.
      loop.after(yarn.get(PREEMPTION_INTERVAL_MS) * 10, Phase.TIMER, this::check);
    }
  }

  private void kill(RmContainer victim) {
    marked.remove(victim.id());
    if (!victim.isCompleted() && victim.app().queue().overGuarantee() > 0 && deficitMb() > 0) {
      rm.preempt(victim);
    }
  }

  /** Memory that under-served queues are owed and are asking for. */
  private long deficitMb() {
    long deficit = 0;
    for (RmQueue q : rm.queues()) {
      long pending = 0;
      for (RmApp app : q.apps) {
        for (var e : app.asks.entrySet()) {
          pending += (long) e.getValue().any() * e.getKey().memoryMb();
        }
        if (app.waitingForAm()) {
          pending += app.amMemoryMb();
        }
      }
      long owed = q.guaranteedMemoryMb - q.usedMemoryMb;
      if (owed > 0 && pending > 0) {
        deficit += Math.min(owed, pending);
      }
    }
    return deficit;
  }

  private List<RmContainer> victims(long deficitMb) {
    List<RmQueue> over = new ArrayList<>();
    for (RmQueue q : rm.queues()) {
      if (q.overGuarantee() > 0) {
        over.add(q);
      }
    }
    over.sort(Comparator.comparingLong(RmQueue::overGuarantee).reversed().thenComparing(RmQueue::name));
    List<RmContainer> victims = new ArrayList<>();
    long left = deficitMb;
    for (RmQueue q : over) {
      long spare = q.overGuarantee();
      List<RmContainer> candidates = new ArrayList<>();
      for (RmApp app : q.apps) {
        for (RmContainer c : app.live.values()) {
          if (!c.isAmContainer() && !marked.contains(c.id())) {
            candidates.add(c);
          }
        }
      }
      candidates.sort(Comparator.comparingLong(RmContainer::allocatedMs).reversed()
          .thenComparing(Comparator.comparingLong(RmContainer::id).reversed()));
      for (RmContainer c : candidates) {
        if (left <= 0 || spare <= 0) {
          break;
        }
        victims.add(c);
        left -= c.memoryMb();
        spare -= c.memoryMb();
      }
      if (left <= 0) {
        break;
      }
    }
    return victims;
  }
}
