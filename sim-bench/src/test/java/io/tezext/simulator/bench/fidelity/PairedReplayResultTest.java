package io.tezext.simulator.bench.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.bench.fidelity.PairedReplay.Result;

class PairedReplayResultTest {

  @Test
  void replayFilesNameEachSchedulerWithoutItsKeys() {
    assertThat(PairedReplay.fileLabels("dagaware(tez.am.container.reuse.non-local-fallback.enabled=true)",
        "tezext(tezext.scheduler.idle.release-ms=2000)")).containsExactly("dagaware", "tezext");
    assertThat(PairedReplay.fileLabels("dagaware", "tezext")).containsExactly("dagaware", "tezext");
    assertThat(PairedReplay.fileLabels("tezext", "tezext(tezext.scheduler.idle.release-ms=2000)"))
        .containsExactly("baseline", "ours");
  }

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

  @Test
  void saysHowManyPairsTheGapCheckNeedsAndHowTheSimulationFollowsThePairs() {
    // real log ratios with a standard deviation of 0.2 at a real ratio of 0.8
    List<Double> real = List.of(Math.log(0.8) - 0.2, Math.log(0.8), Math.log(0.8) + 0.2);
    List<Double> sim = List.of(Math.log(0.75) - 0.1, Math.log(0.75), Math.log(0.75) + 0.1);
    Result r = new Result(3, 0.8, 0.6, 1.05, 0.75, 0.75, 12, 6, 8, 8, 30, Map.of(), Map.of(), Map.of(), Map.of(),
        real, sim, "");
    assertThat(r.realRatioSe()).isCloseTo(0.8 * 0.2 / Math.sqrt(3), within(1e-12));
    // 0.8 x 0.2 per pair; the tolerance 0.03 as two standard errors: (0.16 / 0.015)^2 = 113.8
    assertThat(r.pairsForGapCheck()).isEqualTo(114);
    assertThat(r.pairCorrelation()).isCloseTo(1.0, within(1e-12));
    assertThat(r.figures()).containsEntry("pairs_for_gap_check", 114).containsEntry("pair_ratio_correlation", 1.0);
    assertThat(r.power()).contains("needs about 114 pairs");
  }

  @Test
  void poolsPairsOfSeveralRecordingsIntoOneRatioAndTheSimulationsBiasOverIt() {
    // the simulation 10% below the real ratio on every pair: its bias is exactly 0.9, with no spread
    List<Double> real = List.of(Math.log(0.6), Math.log(0.7), Math.log(0.8), Math.log(0.9));
    List<Double> sim = real.stream().map(r -> r + Math.log(0.9)).toList();
    Map<String, Object> f = new PairedReplay.Pooled(real, sim).figures();
    double geomean = Math.exp((Math.log(0.6) + Math.log(0.7) + Math.log(0.8) + Math.log(0.9)) / 4);
    assertThat((double) f.get("real_ratio")).isCloseTo(geomean, within(0.0005));
    assertThat((double) f.get("sim_ratio")).isCloseTo(0.9 * geomean, within(0.0005));
    assertThat(f).containsEntry("pairs_scored", 4).containsEntry("sim_over_real", 0.9)
        .containsEntry("sim_over_real_ci_low", 0.9).containsEntry("pair_ratio_correlation", 1.0);
  }

  @Test
  void poolingRefusesSeriesOfDifferentLengths() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new PairedReplay.Pooled(List.of(0.1, 0.2), List.of(0.1)))
        .withMessageContaining("as many simulated as real pairs");
  }

  private static Result result(double real, double low, double high, double sim, int within,
      Map<String, Long> amReal, Map<String, Long> amSim) {
    return new Result(4, real, low, high, sim, sim, 12, 6, within, 8, 30, amReal, amSim, Map.of(), Map.of(),
        List.of(0.0, 0.1), List.of(0.0, 0.1), "");
  }
}
