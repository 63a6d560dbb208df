package io.tezext.simulator.bench.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.bench.fidelity.PairedReplay.Result;

class PairedReplayResultTest {

  @Test
  void theGoalNeedsTheRatioInsideTheIntervalAndWithinThreeHundredthsOfIt() {
    assertThat(result(0.95, 0.90, 1.02, 0.97, 8, Map.of("a", 10L), Map.of("a", 12L)).goalMet()).isTrue();
    // inside a wide interval, but 0.05 from the real ratio
    Result wide = result(0.95, 0.80, 1.10, 1.00, 8, Map.of("a", 10L), Map.of("a", 12L));
    assertThat(wide.withinCi()).isTrue();
    assertThat(wide.goalMet()).isFalse();
    assertThat(wide.figures()).containsEntry("sim_real_gap", 0.05).containsEntry("fidelity_goal_met", false);
  }

  @Test
  void everyDagMustBeWithinToleranceAndPreemptionsWithinAQuarterOrThree() {
    assertThat(result(0.95, 0.90, 1.02, 0.96, 7, Map.of("a", 10L), Map.of("a", 10L)).goalMet()).isFalse();
    assertThat(result(0.95, 0.90, 1.02, 0.96, 8, Map.of("a", 2L), Map.of("a", 5L)).amPreemptionsClose()).isTrue();
    assertThat(result(0.95, 0.90, 1.02, 0.96, 8, Map.of("a", 2L), Map.of("a", 6L)).amPreemptionsClose()).isFalse();
    assertThat(result(0.95, 0.90, 1.02, 0.96, 8, Map.of("a", 40L), Map.of("a", 50L)).amPreemptionsClose()).isTrue();
    assertThat(result(0.95, 0.90, 1.02, 0.96, 8, Map.of("a", 40L), Map.of("a", 51L)).amPreemptionsClose()).isFalse();
  }

  private static Result result(double real, double low, double high, double sim, int within,
      Map<String, Long> amReal, Map<String, Long> amSim) {
    return new Result(4, real, low, high, sim, sim, 12, 6, within, 8, 30, amReal, amSim, Map.of(), Map.of(), "");
  }
}
