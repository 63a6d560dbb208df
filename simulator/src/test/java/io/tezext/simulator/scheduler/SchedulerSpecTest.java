package io.tezext.simulator.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SchedulerSpecTest {

  @Test
  void plainNameSelectsTheSchedulerWithNoExtraSettings() {
    SchedulerSpec spec = SchedulerSpec.parse(" DagAware ");
    assertThat(spec.className()).isEqualTo(SchedulerKind.DAGAWARE.className());
    assertThat(spec.conf()).isEmpty();
  }

  @Test
  void settingsInParenthesesBecomeTheRunsConfigurationAndItsLabel() {
    SchedulerSpec spec = SchedulerSpec.parse(
        "dagaware(tez.am.container.reuse.enabled=false;tez.am.preemption.percentage=5)");
    assertThat(spec.conf()).isEqualTo(Map.of("tez.am.container.reuse.enabled", "false",
        "tez.am.preemption.percentage", "5"));
    assertThat(spec.label()).isEqualTo("dagaware(tez.am.container.reuse.enabled=false;tez.am.preemption.percentage=5)");
  }

  @Test
  void labelBeforeAnEqualsSignNamesTheRun() {
    SchedulerSpec spec = SchedulerSpec.parse("no-reuse=dagaware(tez.am.container.reuse.enabled=false)");
    assertThat(spec.label()).isEqualTo("no-reuse");
    assertThat(spec.name()).isEqualTo("dagaware");
    assertThat(spec.conf()).containsEntry("tez.am.container.reuse.enabled", "false");
  }

  @Test
  void listSplitsOnCommasOutsideParentheses() {
    String withTwo = "dagaware(tez.am.preemption.percentage=5;tez.am.session.min.held-containers=2)";
    List<SchedulerSpec> specs = SchedulerSpec.parseList("dagaware," + withTwo);
    assertThat(specs).extracting(SchedulerSpec::label).containsExactly("dagaware", withTwo);
  }

  @Test
  void aMisspeltKeyIsRefusedWithTheKeyItProbablyMeant() {
    assertThatThrownBy(() -> SchedulerSpec.parse("dagaware(tez.am.contianer.reuse.enabled=false)"))
        .hasMessageContaining("unknown key tez.am.contianer.reuse.enabled for dagaware")
        .hasMessageContaining("did you mean tez.am.container.reuse.enabled?");
  }

  @Test
  void valuesHadoopWouldQuietlyReplaceByTheDefaultAreRefused() {
    assertThatThrownBy(() -> SchedulerSpec.parse("dagaware(tez.am.container.reuse.enabled=maybe;"
        + "tez.am.container.reuse.locality.delay-allocation-millis=-5)"))
        .hasMessageContaining("tez.am.container.reuse.enabled = 'maybe': expected true or false")
        .hasMessageContaining("tez.am.container.reuse.locality.delay-allocation-millis = '-5': expected milliseconds, "
            + "at least 0");
  }

  @Test
  void tezextIsCheckedAgainstItsOwnKeysAndTezsKeysItDoesNotReadAreNamed() {
    assertThatThrownBy(() -> SchedulerSpec.parse("tezext(tezext.scheduler.locality.mode=sometimes)"))
        .hasMessageContaining("tezext.scheduler.locality.mode = 'sometimes'");
    assertThatThrownBy(() -> SchedulerSpec.parse("tezext(tez.am.container.reuse.enabled=false)"))
        .hasMessageContaining("unknown key tez.am.container.reuse.enabled for tezext");
    assertThat(SchedulerSpec.parse("tezext(tezext.scheduler.reuse.enabled=false)").conf()).hasSize(1);
  }

  @Test
  void unknownSchedulerNamesTheKnownOnes() {
    assertThatThrownBy(() -> SchedulerSpec.parse("fifo"))
        .hasMessage("unknown scheduler 'fifo'; known schedulers: dagaware, tezext, or class:<fully qualified class name>");
  }

  @Test
  void schedulerClassWithoutTheVirtualTimeConstructorIsRejectedSayingWhatItNeeds() {
    assertThatThrownBy(() -> SchedulerSpec.parse("class:org.apache.tez.dag.app.rm.DagAwareYarnTaskScheduler"))
        .hasMessageContaining("has no public constructor (TaskSchedulerContext, LongSupplier clock, "
            + "ScheduledExecutorService executor, AMRMClient client)");
  }

  @Test
  void schedulerClassThatIsNotATaskSchedulerIsRejected() {
    assertThatThrownBy(() -> SchedulerSpec.parse("class:java.lang.String"))
        .hasMessageContaining("does not extend org.apache.tez.serviceplugins.api.TaskScheduler");
    assertThatThrownBy(() -> SchedulerSpec.parse("class:com.example.Missing"))
        .hasMessage("scheduler class com.example.Missing is not on the class path");
  }

  @Test
  void settingWithoutEqualsSignIsRejectedNamingIt() {
    assertThatThrownBy(() -> SchedulerSpec.parse("dagaware(reuse)"))
        .hasMessageContaining("setting 'reuse' is not key=value");
  }
}
