package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PairedComparisonTest {

  @Test
  void theRatioIsTheGeometricMeanOfThePairsRatiosWithATIntervalOnTheirLogs() {
    List<RunManifest> runs = new ArrayList<>();
    // pair 0: ours 9 s against 10 s; pair 1: ours 12 s against 10 s
    runs.add(run(0, "dagaware", 10_000, 10_000));
    runs.add(run(0, "tezext", 9_000, 9_000));
    runs.add(run(1, "tezext", 12_000, 12_000));
    runs.add(run(1, "dagaware", 10_000, 10_000));
    PairedComparison p = PairedComparison.of(runs);
    assertThat(p.pairs()).isEqualTo(2);
    assertThat(p.ratio()).isCloseTo(Math.sqrt(0.9 * 1.2), within(1e-9));
    double half = 12.706 * Math.abs(Math.log(1.2) - Math.log(0.9)) / Math.sqrt(2) / Math.sqrt(2);
    assertThat(Math.log(p.ciHigh()) - Math.log(p.ratio())).isCloseTo(half, within(1e-9));
    assertThat(p.meanDagSeconds()).isEqualTo(Map.of("dagaware", 10.0, "tezext", 10.5));
  }

  @Test
  void theSpreadIsTheWidestRangeOfOneDagOverItsMedianAcrossOneSchedulersRuns() {
    List<RunManifest> runs = List.of(run(0, "dagaware", 10_000, 4_000), run(1, "dagaware", 12_000, 4_000),
        run(2, "dagaware", 11_000, 4_000), run(0, "tezext", 1_000, 1_000));
    assertThat(PairedComparison.spreadPct(runs)).isCloseTo(100.0 * 2_000 / 11_000, within(1e-9));
  }

  /** A run of two DAGs, {@code a} and {@code b}, lasting the times given. */
  private static RunManifest run(int pair, String scheduler, long aMs, long bMs) {
    DagShape shape = HiveShapes.scanAggregate("a", 1, 1);
    List<RunManifest.DagRun> dags = List.of(
        new RunManifest.DagRun("a", "dag_1", "SUCCEEDED", 0, aMs, 0, 0, 0, 0, 0, Map.of(), true, shape, Map.of()),
        new RunManifest.DagRun("b", "dag_2", "SUCCEEDED", 0, bMs, 0, 0, 0, 0, 0, Map.of(), true, shape, Map.of()));
    return new RunManifest("sched-real", pair + scheduler, pair, 0, scheduler, scheduler, null, null, null, dags, null,
        null);
  }
}
