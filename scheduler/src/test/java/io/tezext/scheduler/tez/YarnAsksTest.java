package io.tezext.scheduler.tez;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.junit.jupiter.api.Test;

import io.tezext.scheduler.locality.LocalityPlan;
import io.tezext.scheduler.requests.PendingRequest;
import io.tezext.scheduler.requests.PendingRequests;

class YarnAsksTest {
  private final PendingRequests pending = new PendingRequests();
  private final YarnAsks asks = new YarnAsks();
  private int task;

  private PendingRequest request(int priority, long memoryMb, LocalityPlan plan) {
    return pending.add("task" + task++, null, 0, priority, memoryMb, 1, null, null, 0, plan);
  }

  @Test
  void asksOfOneSizeAndPriorityShareTheirYarnRecords() {
    ContainerRequest first = asks.of(request(5, 1024, LocalityPlan.relaxed()));
    ContainerRequest second = asks.of(request(5, 1024, LocalityPlan.delay(List.of("n1"), List.of("/r1"), 250, 250)));
    ContainerRequest larger = asks.of(request(5, 2048, LocalityPlan.relaxed()));
    ContainerRequest later = asks.of(request(7, 1024, LocalityPlan.relaxed()));

    assertThat(second.getCapability()).isSameAs(first.getCapability());
    assertThat(second.getPriority()).isSameAs(first.getPriority());
    assertThat(larger.getCapability().getMemorySize()).isEqualTo(2048);
    assertThat(larger.getPriority()).isSameAs(first.getPriority());
    assertThat(later.getCapability()).isSameAs(first.getCapability());
    assertThat(later.getPriority().getPriority()).isEqualTo(7);
  }

  @Test
  void eachPlanAsksYarnForWhereItMayRun() {
    ContainerRequest anywhere = asks.of(request(1, 1024, LocalityPlan.relaxed()));
    ContainerRequest hinted = asks.of(request(1, 1024, LocalityPlan.anywhere(List.of("localhost"))));
    ContainerRequest delayed = asks.of(request(1, 1024, LocalityPlan.delay(List.of("n1"), List.of("/r1"), 250, 250)));
    ContainerRequest strict = asks.of(request(2, 1024, LocalityPlan.strict(List.of("n1"), List.of("/r1"), 250)));

    assertThat(anywhere.getNodes()).isNull();
    assertThat(anywhere.getRelaxLocality()).isTrue();
    assertThat(hinted.getNodes()).containsExactly("localhost");
    assertThat(delayed.getNodes()).containsExactly("n1");
    assertThat(delayed.getRacks()).isNull(); // YARN's client adds the nodes' racks itself
    assertThat(delayed.getRelaxLocality()).isTrue();
    assertThat(strict.getNodes()).containsExactly("n1");
    assertThat(strict.getRacks()).containsExactly("/r1");
    assertThat(strict.getRelaxLocality()).isFalse();
    assertThat(strict.getAllocationRequestId()).isEqualTo(YarnAsks.STRICT_REQUEST_ID);
  }
}
