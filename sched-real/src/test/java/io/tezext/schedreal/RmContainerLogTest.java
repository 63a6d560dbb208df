package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

class RmContainerLogTest {
  private static final String LOG = String.join("\n",
      "2026-11-26 06:00:00,000 container_1795649117784_0002_01_000012 Container Transitioned from NEW to ALLOCATED",
      "2026-11-26 06:00:10,000 container_1795649117784_0002_01_000012 Container Transitioned from RUNNING to KILLED",
      "2026-11-26 06:00:11,000 container_1795649117784_0007_01_000004 Container Transitioned from NEW to ALLOCATED",
      "2026-11-26 06:00:11,500 container_1795649117784_0007_01_000004 Container Transitioned from ALLOCATED to ACQUIRED",
      "2026-11-26 06:00:20,000 container_e17_1795649117784_0002_01_000013 Container Transitioned from RUNNING to KILLED",
      "2026-11-26 06:00:21,000 container_1795649117784_0002_01_000020 Container Transitioned from NEW to ALLOCATED",
      "2026-11-26 06:00:30,000 container_1795649117784_0002_01_000014 Container Transitioned from RUNNING to KILLED",
      "2026-11-26 06:00:40,000 container_1795649117784_0007_01_000005 Container Transitioned from NEW to ALLOCATED",
      "06:00:41 some other line");

  @Test
  void aKillServesTheSessionWhenItsNextAllocationFollowsWithinTheWindow() {
    RmContainerLog log = RmContainerLog.parse(LOG);
    String victim = RmContainerLog.appKey("application_1795649117784_0002");
    String session = RmContainerLog.appKey("application_1795649117784_0007");

    assertThat(log.transitions()).hasSize(8);
    RmContainerLog.Kills kills = log.kills(victim, session, 0, Long.MAX_VALUE);
    // 10 s: the session's container at 11 s took its room; 20 s: the competitor took it back;
    // 30 s: the session's next allocation came 10 s later, not the kill's doing.
    assertThat(kills.killed()).isEqualTo(3);
    assertThat(kills.servedSession()).isEqualTo(1);
    assertThat(kills.inVain()).isEqualTo(2);
  }

  @Test
  void onlyKillsInsideTheRunsWindowCount() {
    long at15 = LocalDateTime.of(2026, 11, 26, 6, 0, 15).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    RmContainerLog.Kills kills = RmContainerLog.parse(LOG).kills("1795649117784_0002", "1795649117784_0007", at15,
        Long.MAX_VALUE);
    assertThat(kills.killed()).isEqualTo(2);
    assertThat(kills.servedSession()).isZero();
  }
}
