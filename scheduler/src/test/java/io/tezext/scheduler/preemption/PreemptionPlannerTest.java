package io.tezext.scheduler.preemption;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.junit.jupiter.api.Test;

import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.containers.HeldContainer;
import io.tezext.scheduler.containers.HeldContainers;
import io.tezext.scheduler.locality.LocalityPlan;
import io.tezext.scheduler.requests.PendingRequest;
import io.tezext.scheduler.requests.PendingRequests;

class PreemptionPlannerTest {
  private static final ApplicationAttemptId APP =
      ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);

  private final HeldContainers held = new HeldContainers();
  private int nextContainer = 1;

  private HeldContainer container(String host) {
    ContainerId id = ContainerId.newContainerId(APP, nextContainer++);
    return held.add(Container.newInstance(id, NodeId.newInstance(host, 8041), host + ":8042",
        Resource.newInstance(1024, 1), Priority.newInstance(5), null), "/rack", 0);
  }

  @Test
  void aRoundWithNothingToPreemptHandsBackUselessIdleContainersWithoutWalkingTheWaitingTasks() {
    PendingRequest waiting = new PendingRequests().add("task", null, 0, 5, 1024, 1, null, null, 0,
        LocalityPlan.relaxed());
    HeldContainer kept = container("h1");
    HeldContainer useless = container("h2");
    Iterable<PendingRequest> notToBeWalked = () -> {
      throw new AssertionError("the priority's demand was walked although nothing could be preempted");
    };

    PreemptionPlan plan = new PreemptionPlanner(SchedulerSettings.DEFAULTS).plan(60_000, waiting, notToBeWalked,
        0, 0, false, List.of(kept, useless), List.of(), new BitSet(), c -> c == kept);

    assertThat(plan.release()).containsExactly(useless);
    assertThat(plan.preempt()).isEmpty();
  }
}
