package io.tezext.scheduler.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import io.tezext.scheduler.locality.LocalityMode;
import io.tezext.settings.Key;
import io.tezext.settings.Scope;

/** One registry of keys: defaults, ranges, scopes, and errors that name the key and what it accepts. */
class SchedulerKeysTest {

  private static Configuration conf(String... keyValues) {
    Configuration conf = new Configuration(false);
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  @Test
  void anEmptyConfigurationGivesEveryDefault() {
    SchedulerSettings am = SchedulerSettings.of(conf());
    assertThat(am.reuseEnabled()).isTrue();
    assertThat(am.idleReleaseMs()).isEqualTo(5_000);
    assertThat(am.idleReleaseCrowdedMs()).isEqualTo(500);
    assertThat(am.idleReleaseUnneededMs()).isEqualTo(500);
    assertThat(am.sessionHeldContainers()).isEqualTo(8);
    assertThat(am.idleQueuePollMs()).isEqualTo(2_000);
    assertThat(am.preemptionMaxWaitMs()).isEqualTo(30_000);
    DagSettings dag = DagSettings.of(conf());
    assertThat(dag.localityMode()).isEqualTo(LocalityMode.AUTO);
    assertThat(dag.nodeWaitMs()).isEqualTo(250);
  }

  @Test
  void aValueOutOfRangeNamesTheKeyTheValueAndTheRange() {
    assertThatThrownBy(() -> SchedulerSettings.of(conf("tezext.scheduler.preemption.max-percentage", "150")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "tezext.scheduler.preemption.max-percentage = '150': expected a whole number from 1 to 100");
  }

  @Test
  void anUnknownModeListsTheKnownOnes() {
    assertThatThrownBy(() -> DagSettings.of(conf("tezext.scheduler.locality.mode", "nearby")))
        .hasMessageContaining("tezext.scheduler.locality.mode = 'nearby': expected one of strict, delay, relaxed, auto");
  }

  @Test
  void aMistypedKeyUnderOurPrefixIsAnErrorNotSilence() {
    assertThatThrownBy(() -> SchedulerSettings.of(conf("tezext.scheduler.idle.release-msec", "100")))
        .hasMessageContaining("unknown key tezext.scheduler.idle.release-msec for the scheduler")
        .hasMessageContaining("tezext.scheduler.idle.release-ms");
  }

  @Test
  void anAmKeyADagSetsOtherwiseIsNamedWithBothValuesAndWhenItTakesEffect() {
    Configuration am = conf("tezext.scheduler.preemption.max-wait-ms", "20000");
    Configuration dag = conf("tezext.scheduler.preemption.max-wait-ms", "5000", // a Hive SET: cannot take effect
        "tezext.scheduler.reuse.enabled", "true", // the AM's value (its default): nothing to say
        "tezext.scheduler.locality.mode", "relaxed"); // DAG scope: takes effect
    assertThat(SchedulerKeys.KEYS.tooLate(Scope.DAG, am, dag)).containsExactly("tezext.scheduler.preemption.max-wait-ms = 5000 in "
        + "the DAG's configuration has no effect: an AM-scope key, read when the session's AM started (this AM runs "
        + "with 20000); it takes effect when a session starts with it (tez-site.xml, or the session's configuration "
        + "before it starts)");
    assertThat(SchedulerKeys.KEYS.tooLate(Scope.DAG, am, am)).isEmpty();
  }

  @Test
  void everyKeyIsUnderThePrefixOnceWithADocAndADefaultItAccepts() {
    for (Key<?> key : SchedulerKeys.KEYS.keys()) {
      assertThat(key.name()).startsWith(SchedulerKeys.PREFIX);
      assertThat(key.doc()).isNotBlank();
      assertThat(SchedulerKeys.KEYS.find(key.name())).isSameAs(key);
      assertThat(key.read(conf(key.name(), key.defaultText()))).isEqualTo(key.defaultValue());
    }
    assertThat(SchedulerKeys.KEYS.names().stream().distinct()).hasSameSizeAs(SchedulerKeys.KEYS.keys());
  }

  @Test
  void keysOfOtherComponentsAreLeftAlone() {
    assertThat(SchedulerSettings.of(conf("tez.am.container.reuse.enabled", "banana")).reuseEnabled()).isTrue();
  }
}
