package io.tezext.simulator.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.InvalidContainerRequestException;
import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.AskKey;
import io.tezext.simulator.cluster.AskUpdate;

/** The AM-side request table files asks as YARN's client does. */
class RequestTableTest {
  private static final Resource GB = Resource.newInstance(1024, 1);
  private final RequestTable<ContainerRequest> table = new RequestTable<>(host -> "/rack-" + host.charAt(0));

  @Test
  void aRequestNamingHostsIsFiledUnderEachHostTheirRacksAndAny() {
    table.add(new ContainerRequest(GB, new String[] {"a1", "b1"}, null, Priority.newInstance(3)));
    assertThat(table.drainChanges()).containsExactly(
        new AskUpdate(new AskKey(3, 1024, 1), "a1", 1), new AskUpdate(new AskKey(3, 1024, 1), "b1", 1),
        new AskUpdate(new AskKey(3, 1024, 1), "/rack-a", 1), new AskUpdate(new AskKey(3, 1024, 1), "/rack-b", 1),
        new AskUpdate(new AskKey(3, 1024, 1), AskUpdate.ANY, 1));
  }

  @Test
  void aStrictRequestClosesAnyAndTheRacksItInfersButNotTheRacksItNames() {
    table.add(strict(new String[] {"a1", "b1"}, new String[] {"/rack-a"}));
    AskKey key = new AskKey(3, 7, 1024, 1);
    assertThat(table.drainChanges()).containsExactly(
        new AskUpdate(key, "a1", 1, true), new AskUpdate(key, "b1", 1, true),
        new AskUpdate(key, "/rack-a", 1, true), new AskUpdate(key, "/rack-b", 1, false),
        new AskUpdate(key, AskUpdate.ANY, 1, false));
  }

  @Test
  void mixingRelaxationsAtOnePriorityAndRequestIdIsRefusedLikeYarnsClientDoes() {
    table.add(strict(new String[] {"a1"}, null));
    ContainerRequest relaxed = ContainerRequest.newBuilder().capability(Resource.newInstance(2048, 1))
        .priority(Priority.newInstance(3)).allocationRequestId(7).build();
    assertThatThrownBy(() -> table.add(relaxed)).isInstanceOf(InvalidContainerRequestException.class)
        .hasMessageContaining("priority 3").hasMessageContaining("location *");
  }

  @Test
  void anotherRequestIdAtThePriorityMayRelax() {
    table.add(strict(new String[] {"a1"}, null));
    table.add(new ContainerRequest(GB, null, null, Priority.newInstance(3)));
    assertThat(table.drainChanges()).contains(new AskUpdate(new AskKey(3, 0, 1024, 1), AskUpdate.ANY, 1, true),
        new AskUpdate(new AskKey(3, 7, 1024, 1), AskUpdate.ANY, 1, false));
  }

  private static ContainerRequest strict(String[] hosts, String[] racks) {
    return ContainerRequest.newBuilder().capability(GB).priority(Priority.newInstance(3)).nodes(hosts).racks(racks)
        .relaxLocality(false).allocationRequestId(7).build();
  }
}
