package io.tezext.scheduler.locality;

import static io.tezext.scheduler.locality.LocalityLevel.ANY;
import static io.tezext.scheduler.locality.LocalityLevel.NODE;
import static io.tezext.scheduler.locality.LocalityLevel.RACK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class LocalityPlanTest {
  private static final List<String> HOSTS = List.of("a1");
  private static final List<String> RACKS = List.of("/a");

  @Test
  void aDelayedTaskFallsBackLevelByLevelAfterEachWait() {
    LocalityPlan plan = LocalityPlan.delay(HOSTS, RACKS, 300, 200);

    assertThat(plan.allowed(0)).isEqualTo(NODE);
    assertThat(plan.allowed(299)).isEqualTo(NODE);
    assertThat(plan.allowed(300)).isEqualTo(RACK);
    assertThat(plan.allowed(499)).isEqualTo(RACK);
    assertThat(plan.allowed(500)).isEqualTo(ANY);
    assertThat(plan.fallsBackAfterMs(NODE)).isEqualTo(300);
    assertThat(plan.fallsBackAfterMs(RACK)).isEqualTo(500);
    assertThat(plan.fallsBackAfterMs(ANY)).isEqualTo(Long.MAX_VALUE);
    assertThat(plan.reaches(ANY)).isTrue();
    assertThat(plan.isRelaxed()).isFalse();
  }

  @Test
  void noWaitsMeansAnyNodeAtOnce() {
    assertThat(LocalityPlan.delay(HOSTS, RACKS, 0, 0).allowed(0)).isEqualTo(ANY);
    assertThat(LocalityPlan.delay(HOSTS, RACKS, 0, 100).allowed(0)).isEqualTo(RACK);
  }

  @Test
  void aStrictTaskStaysOnItsRacksForever() {
    LocalityPlan plan = LocalityPlan.strict(HOSTS, RACKS, 300);

    assertThat(plan.allowed(Long.MAX_VALUE)).isEqualTo(RACK);
    assertThat(plan.fallsBackAfterMs(NODE)).isEqualTo(300);
    assertThat(plan.fallsBackAfterMs(RACK)).isEqualTo(Long.MAX_VALUE);
    assertThat(plan.reaches(RACK)).isTrue();
    assertThat(plan.reaches(ANY)).isFalse();
  }

  @Test
  void waitsThatOverflowSaturate() {
    LocalityPlan plan = LocalityPlan.delay(HOSTS, RACKS, Long.MAX_VALUE - 1, Long.MAX_VALUE - 1);

    assertThat(plan.allowed(Long.MAX_VALUE - 1)).isEqualTo(RACK);
    assertThat(plan.fallsBackAfterMs(RACK)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aRelaxedTaskTakesAnyContainerAndMayStillNameItsHints() {
    assertThat(LocalityPlan.relaxed().allowed(0)).isEqualTo(ANY);
    assertThat(LocalityPlan.relaxed().isRelaxed()).isTrue();
    assertThat(LocalityPlan.anywhere(List.of("localhost")).askedHosts()).containsExactly("localhost");
  }

  @Test
  void levelsMustBeGivenInFallbackOrder() {
    assertThatThrownBy(() -> new LocalityPlan(HOSTS, RACKS,
        List.of(new LocalityPlan.Wait(RACK, 1), new LocalityPlan.Wait(NODE, 1)), List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out of order");
    assertThatThrownBy(() -> new LocalityPlan(HOSTS, RACKS, List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one level");
  }
}
