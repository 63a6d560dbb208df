package io.tezext.scheduler.preemption;

import java.util.List;

import io.tezext.scheduler.containers.HeldContainer;

/** What one preemption round does: idle containers it hands back, and containers whose tasks it preempts. */
public record PreemptionPlan(List<HeldContainer> release, List<HeldContainer> preempt) {
  public static final PreemptionPlan NOTHING = new PreemptionPlan(List.of(), List.of());

  public PreemptionPlan {
    release = List.copyOf(release);
    preempt = List.copyOf(preempt);
  }

  public boolean isEmpty() {
    return release.isEmpty() && preempt.isEmpty();
  }
}
