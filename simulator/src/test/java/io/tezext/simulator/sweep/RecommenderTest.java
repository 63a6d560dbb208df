package io.tezext.simulator.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The choice, from made-up results: paired intervals, constraints, held-out confirmation, seeds that change nothing. */
class RecommenderTest {
  @TempDir
  Path dir;

  /** Baseline + three settings of the reuse delay; seeds 1-4, held out 5-6. */
  Grid grid(String extra) throws IOException {
    return GridFile.read(Files.writeString(dir.resolve("g.json"), "{\"scenarios\": [\"" + GridFileTest.REFERENCE
        + "\"], \"workloads\": [{\"name\": \"w\", \"synthetic\": {\"dags\": 3}}], \"schedulers\": [{\"scheduler\": "
        + "\"dagaware\", \"vary\": {\"tez.am.container.reuse.locality.delay-allocation-millis\": [0, 500, 1000]}}], "
        + "\"seeds\": [1, 2, 3, 4], \"objective\": \"dag-mean\"" + extra + "}"));
  }

  /** Results of {@code points}: dag_mean_s and dag_p95_s from the functions of (setting, seed). */
  static List<PointResult> results(List<GridPoint> points, ToDoubleBiFunction<Integer, Long> mean,
      ToDoubleBiFunction<Integer, Long> p95) {
    List<PointResult> out = new ArrayList<>();
    for (GridPoint p : points) {
      Map<String, String> f = new LinkedHashMap<>();
      f.put("dags_failed", "0");
      f.put("dag_mean_s", PointResult.canonical(mean.applyAsDouble(p.setting(), p.seed())));
      f.put("dag_p95_s", PointResult.canonical(p95.applyAsDouble(p.setting(), p.seed())));
      out.add(new PointResult(p, "COMPLETED", "0.10.5", f));
    }
    return out;
  }

  @Test
  void theBestSettingConfirmedOnHeldOutSeedsIsRecommendedWithAPairedInterval() throws IOException {
    Grid g = grid("");
    // the seeds move every setting alike (100, 110, 90, 105); s02 is 10% faster, s03 5% faster, each seed
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> (100 + (seed % 4) * 5 - (seed == 3 ? 20 : 0))
        * (s == 2 ? 0.90 : s == 3 ? 0.95 : 1.0);
    Recommender r = new Recommender(g);
    List<PointResult> tune = results(g.tunePoints(), mean, mean);

    assertThat(r.candidates(tune)).containsExactly(2, 3);
    List<PointResult> confirm = results(g.confirmPoints(r.candidates(tune)), mean, mean);
    Recommendation rec = r.recommend(tune, confirm);

    assertThat(rec.verdict()).isEqualTo(Recommendation.Verdict.RECOMMENDED);
    assertThat(rec.best()).isEqualTo(2);
    assertThat(rec.runnerUp()).isEqualTo(3);
    Interval best = rec.scored(2).relative();
    assertThat(best.mean()).isCloseTo(0.90, within(1e-9));
    assertThat(best.hasInterval()).isTrue();
    assertThat(best.high()).as("the seeds' common swing cancels in the paired interval").isLessThan(1.0);
    assertThat(rec.confirmed().mean()).isCloseTo(0.90, within(1e-9));
    assertThat(rec.bestVsRunnerUp().mean()).isCloseTo(-0.05, within(1e-9));
    RecommendationText text = new RecommendationText(g, rec);
    assertThat(text.verdict().get(0)).startsWith("recommended: s02 dagaware(tez.am.container.reuse.locality."
        + "delay-allocation-millis=500): mean DAG completion time 0.900x the baseline's (95% CI")
        .contains("confirmed on held-out seeds 5, 6: 0.900x");
    assertThat(text.tezSite()).contains(
        "<property><name>tez.am.container.reuse.locality.delay-allocation-millis</name><value>500</value></property>");
  }

  @Test
  void aSettingThatBreaksAConstraintIsPassedOverForTheNextBest() throws IOException {
    Grid g = grid(", \"constraints\": [{\"figure\": \"dag-p95\", \"maxWorsePercent\": 2}]");
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> 100.0 + seed - (s == 2 ? 10 : s == 3 ? 5 : 0);
    ToDoubleBiFunction<Integer, Long> p95 = (s, seed) -> 200.0 + seed + (s == 2 ? 20 : 0); // s02's tail 10% worse

    Recommendation rec = new Recommender(g).recommend(results(g.tunePoints(), mean, p95), List.of());

    assertThat(rec.best()).isEqualTo(3);
    assertThat(rec.scored(2).meetsConstraints()).isFalse();
    assertThat(rec.disqualified()).anyMatch(d -> d.startsWith("s02") && d.contains("p95 DAG completion time is 1.099x"));
    assertThat(rec.verdict()).as("nothing held out was run").isEqualTo(Recommendation.Verdict.NOT_CONFIRMED);
  }

  @Test
  void whenNothingBeatsTheBaselineItIsKept() throws IOException {
    Grid g = grid("");
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> 100.0 + seed + s;

    Recommendation rec = new Recommender(g).recommend(results(g.tunePoints(), mean, mean), List.of());

    assertThat(rec.verdict()).isEqualTo(Recommendation.Verdict.KEEP_BASELINE);
    assertThat(rec.best()).isZero();
    assertThat(new RecommendationText(g, rec).tezSite()).contains("nothing beat the baseline");
  }

  @Test
  void seedsThatChangeNothingGiveNoIntervalAndCannotConfirmAPick() throws IOException {
    Grid g = grid("");
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> s == 2 ? 90.0 : 100.0; // a replayed history

    Recommender r = new Recommender(g);
    List<PointResult> tune = results(g.tunePoints(), mean, mean);
    Recommendation rec = r.recommend(tune, results(g.confirmPoints(r.candidates(tune)), mean, mean));

    assertThat(rec.scored(2).relative().hasInterval()).isFalse();
    assertThat(rec.notes()).anyMatch(n -> n.startsWith("the seeds do not change these runs"));
    assertThat(rec.verdict()).isEqualTo(Recommendation.Verdict.NOT_CONFIRMED);
    assertThat(rec.notes()).anyMatch(n -> n.contains("only a held-out workload"));
  }

  @Test
  void aBestWhoseIntervalHoldsTheBaselineIsNotToldApartFromItAndTheBaselineIsKept() throws IOException {
    Grid g = grid("");
    // s01 is 2% faster on average, but 6% faster on two seeds and 2% slower on the other two
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> (100.0 + seed) * (s == 1 ? (seed % 2 == 0 ? 0.94 : 1.02) : 1.0);

    Recommendation rec = new Recommender(g).recommend(results(g.tunePoints(), mean, mean), List.of());

    assertThat(rec.scored(1).relative().mean()).isCloseTo(0.98, within(0.001));
    assertThat(rec.verdict()).isEqualTo(Recommendation.Verdict.KEEP_BASELINE);
    assertThat(rec.notes()).anyMatch(n -> n.startsWith("the best, s01") && n.contains("within the noise of the seeds"));
  }

  @Test
  void theRunnerUpIsTheNextBestOtherThanTheBaseline() throws IOException {
    Grid g = grid("");
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> (100.0 + seed) * (s == 1 ? 0.9 : s == 0 ? 1.0 : 1.1);

    Recommendation rec = new Recommender(g).recommend(results(g.tunePoints(), mean, mean), List.of());

    assertThat(rec.best()).isEqualTo(1);
    assertThat(rec.runnerUp()).isEqualTo(2);
  }

  @Test
  void aSettingWithARunThatDidNotCompleteIsLeftOut() throws IOException {
    Grid g = grid("");
    List<PointResult> tune = new ArrayList<>();
    for (PointResult p : results(g.tunePoints(), (s, seed) -> s == 1 ? 50.0 + seed : 100.0 + seed,
        (s, seed) -> 100.0)) {
      tune.add(p.point().setting() == 1 && p.point().seed() == 2
          ? new PointResult(p.point(), "HUNG", p.tezVersion(), p.figures()) : p);
    }

    Recommendation rec = new Recommender(g).recommend(tune, List.of());

    assertThat(rec.scored(1)).isNull();
    assertThat(rec.disqualified()).anyMatch(d -> d.startsWith("s01") && d.contains("did not complete"));
  }

  @Test
  void aBaselineWhoseRunsFailedComparesNothing() throws IOException {
    Grid g = grid("");
    List<PointResult> tune = new ArrayList<>();
    for (PointResult r : results(g.tunePoints(), (s, seed) -> s == 0 ? 300.0 : 100.0 + seed,
        (s, seed) -> 100.0)) {
      Map<String, String> f = new LinkedHashMap<>(r.figures());
      if (r.point().setting() == 0) {
        f.put("dags_failed", "1");
      }
      tune.add(new PointResult(r.point(), r.end(), r.tezVersion(), f));
    }
    Recommendation rec = new Recommender(g).recommend(tune, List.of());
    assertThat(rec.verdict()).isEqualTo(Recommendation.Verdict.KEEP_BASELINE);
    assertThat(rec.notes()).anyMatch(n -> n.contains("the baseline's own runs did not all complete"));
  }

  @Test
  void aHeldOutGainWithinTheNoiseOfTheHeldOutSeedsIsNotConfirmed() throws IOException {
    Grid g = grid(", \"holdOut\": {\"seeds\": [5, 6, 7]}");
    // a clear 10% gain on the tuning seeds; on the held-out seeds 0.7x, 1.2x, 1.0x: a mean below 1 by luck
    ToDoubleBiFunction<Integer, Long> mean = (s, seed) -> {
      if (s != 2) {
        return 100.0;
      }
      return seed <= 4 ? 90.0 : seed == 5 ? 70.0 : seed == 6 ? 120.0 : 100.0;
    };
    Recommender r = new Recommender(g);
    List<PointResult> tune = results(g.tunePoints(), mean, mean);
    Recommendation rec = r.recommend(tune, results(g.confirmPoints(r.candidates(tune)), mean, mean));
    assertThat(rec.confirmed().mean()).isLessThan(1.0);
    assertThat(rec.verdict()).isEqualTo(Recommendation.Verdict.NOT_CONFIRMED);
    assertThat(rec.notes()).anyMatch(n -> n.contains("interval") && n.contains("holds 1"));
  }

  @Test
  void seedsThatMoveOtherSettingsCountEvenWhenTheBaselineNeverChanges() throws IOException {
    Grid g = grid("");
    ToDoubleBiFunction<Integer, Long> lost = (s, seed) -> s == 0 ? 0.0 : seed * 10.0;
    List<PointResult> tune = new ArrayList<>();
    for (PointResult r : results(g.tunePoints(), (s, seed) -> 100.0, (s, seed) -> 100.0)) {
      Map<String, String> f = new LinkedHashMap<>(r.figures());
      f.put("work_lost_task_s", PointResult.canonical(lost.applyAsDouble(r.point().setting(), r.point().seed())));
      tune.add(new PointResult(r.point(), r.end(), r.tezVersion(), f));
    }
    PhaseScores scores = new PhaseScores(g, tune, "work_lost_task_s");
    assertThat(scores.seedsMatter()).isTrue();
    // a baseline of 0: differences in task-seconds, whatever the other settings lost
    assertThat(scores.relative(1).mean()).isEqualTo(1 + 25.0);
  }
}
