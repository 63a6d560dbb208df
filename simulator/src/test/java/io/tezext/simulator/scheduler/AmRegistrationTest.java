package io.tezext.simulator.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.proto.YarnServiceProtos.SchedulerResourceTypes;
import org.junit.jupiter.api.Test;

class AmRegistrationTest {
  @Test
  void theDefaultCalculatorNamesMemoryAloneAndTheDominantOneCpuToo() {
    Resource max = Resource.newInstance(8192, 8);
    assertThat(AmRegistration.response(max, "q", false).getSchedulerResourceTypes())
        .containsExactly(SchedulerResourceTypes.MEMORY);
    assertThat(AmRegistration.response(max, "q", true).getSchedulerResourceTypes())
        .containsExactlyInAnyOrder(SchedulerResourceTypes.MEMORY, SchedulerResourceTypes.CPU);
    assertThat(AmRegistration.response(max, "q", false).getMaximumResourceCapability()).isEqualTo(max);
  }
}
