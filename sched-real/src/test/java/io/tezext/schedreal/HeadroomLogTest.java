package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class HeadroomLogTest {
  private static final String LOG = """
      ==> nm/app/container_01/syslog <==
      2026-11-25 18:14:05,120 [INFO] [main] |rm.HeadroomProbeScheduler|: HEADROOM-PROBE registered \
      schedulerResourceTypes=[MEMORY] maximumCapability=<memory:1024, vCores:4> queue=session
      2026-11-25 18:14:08,584 [INFO] [AMRM Heartbeater thread] |rm.HeadroomProbeScheduler|: HEADROOM-PROBE \
      headroomMemoryMb=1536 headroomVcores=1 heldContainers=0 allocated=0 allocatedMb=0 allocatedVcores=0 \
      completed=0 preemptedByRm=0 clusterNodes=4 preemptionMessage=false
      2026-11-25 18:14:16,920 [INFO] [AMRM Heartbeater thread] |rm.HeadroomProbeScheduler|: HEADROOM-PROBE \
      headroomMemoryMb=0 headroomVcores=-3 heldContainers=6 allocated=6 allocatedMb=1536 allocatedVcores=6 \
      completed=0 preemptedByRm=0 clusterNodes=4 preemptionMessage=false
      2026-11-25 18:14:17,001 [INFO] [Dispatcher thread {Central}] |impl.VertexImpl|: nothing to do with the probe
      """;

  @Test
  void readsTheResourceTypesAndEveryHeadroomInOrder() {
    HeadroomLog log = HeadroomLog.parse(LOG);
    assertThat(log.resourceTypes()).isEqualTo("[MEMORY]");
    assertThat(log.samples()).extracting(HeadroomLog.Sample::memoryMb).containsExactly(1536L, 0L);
    assertThat(log.samples()).extracting(HeadroomLog.Sample::heldContainers).containsExactly(0, 6);
    assertThat(log.vcoreValues()).isEqualTo(Map.of(1, 1, -3, 1));
    assertThat(log.samples().get(1).timeMs() - log.samples().get(0).timeMs()).isEqualTo(8_336);
  }

  @Test
  void aLogWithoutTheProbesRegistrationSaysWhichSchedulerToRun() {
    assertThatThrownBy(() -> HeadroomLog.parse("2026-11-25 18:14:05,120 [INFO] nothing"))
        .hasMessageContaining("HeadroomProbeScheduler");
  }
}
