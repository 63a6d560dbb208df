package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each scheduler's keys for the real runs: checked before a cluster starts, recorded, and replayed as they ran. */
class SchedulerUnderTestTest {
  private static final String BASELINE = "sched-real.baseline-conf";
  private static final String OURS = "sched-real.ours-conf";

  @Test
  void eachSchedulersKeysAreCheckedAsTheSimulatorChecksThem() {
    assertThat(SchedulerUnderTest.DAG_AWARE.keys(BASELINE, " ")).isEmpty();
    assertThat(SchedulerUnderTest.DAG_AWARE.keys(BASELINE, "tez.am.container.reuse.non-local-fallback.enabled=true;"
        + "tez.am.container.idle.release-timeout-min.millis=1000")).isEqualTo(Map.of(
            "tez.am.container.reuse.non-local-fallback.enabled", "true",
            "tez.am.container.idle.release-timeout-min.millis", "1000"));
    assertThatThrownBy(() -> SchedulerUnderTest.DAG_AWARE.keys(BASELINE, "tez.am.container.reuse.enabld=true"))
        .hasMessageStartingWith("-Dsched-real.baseline-conf: ")
        .hasMessageContaining("unknown key tez.am.container.reuse.enabld for dagaware");
    assertThat(SchedulerUnderTest.TEZEXT.keys(OURS, "tezext.scheduler.idle.release-ms=2000"))
        .isEqualTo(Map.of("tezext.scheduler.idle.release-ms", "2000"));
    assertThatThrownBy(() -> SchedulerUnderTest.TEZEXT.keys(OURS, "tezext.scheduler.idle.release-msec=2000"))
        .hasMessageStartingWith("-Dsched-real.ours-conf: ")
        .hasMessageContaining("tezext.scheduler.idle.release-msec");
  }

  @Test
  void aRunIsReplayedWithTheKeysItRanWith() {
    assertThat(manifest(Map.of("b.key", "2", "a.key", "1")).schedulerSpec()).isEqualTo("dagaware(a.key=1;b.key=2)");
    assertThat(manifest(Map.of()).schedulerSpec()).isEqualTo("dagaware");
    assertThat(manifest(null).schedulerSpec()).isEqualTo("dagaware"); // recorded before the keys were kept
  }

  private static RunManifest manifest(Map<String, String> conf) {
    return new RunManifest("sched-real", "pair-00-dagaware", 0, 0, "dagaware", "x", null, null, null, List.of(), null,
        conf);
  }
}
