package io.tezext.simulator.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Chooses the setting to recommend, in two steps: on the tuning runs, the best setting whose runs
 * all completed and that meets every constraint, and the runner-up; then, on the held-out runs
 * of those two and the baseline ({@link Grid#confirmPoints}), whether the best still beats the
 * baseline and still meets the constraints. Deterministic: ties go to the lower setting index.
 */
public final class Recommender {
  private final Grid grid;

  public Recommender(Grid grid) {
    this.grid = grid;
  }

  /** The best and the runner-up on the tuning runs: the settings to confirm. */
  public List<Integer> candidates(List<PointResult> tuning) {
    List<Integer> c = new ArrayList<>();
    Recommendation r = choose(tuning, List.of());
    c.add(r.best());
    if (r.runnerUp() >= 0) {
      c.add(r.runnerUp());
    }
    return c;
  }

  /** The recommendation, from the tuning runs and the confirmation runs of {@link #candidates}. */
  public Recommendation recommend(List<PointResult> tuning, List<PointResult> confirming) {
    return choose(tuning, confirming);
  }

  private Recommendation choose(List<PointResult> tuning, List<PointResult> confirming) {
    Objective objective = grid.objective();
    PhaseScores scores = new PhaseScores(grid, tuning, objective.figure());
    List<PhaseScores> constraintScores = new ArrayList<>();
    for (Constraint c : grid.constraints()) {
      constraintScores.add(new PhaseScores(grid, tuning, c.figure().figure()));
    }
    List<Recommendation.Scored> scored = new ArrayList<>();
    List<String> disqualified = new ArrayList<>();
    if (!scores.usable(0)) {
      // Every figure is relative to the baseline's: with its runs broken, nothing can be compared.
      return new Recommendation(Recommendation.Verdict.KEEP_BASELINE, 0, -1, scored, none(), none(), none(),
          List.of(grid.settings().get(0).id() + " " + grid.settings().get(0).description()
              + ": a run did not complete or a DAG failed"),
          List.of("the baseline's own runs did not all complete: every figure is relative to them, so no setting "
              + "was compared and none is recommended; fix the baseline's runs (or choose another baseline) first"));
    }
    for (int s : scores.settings()) {
      Setting setting = grid.settings().get(s);
      if (!scores.usable(s)) {
        disqualified.add(setting.id() + " " + setting.description() + ": a run did not complete or a DAG failed");
        continue;
      }
      List<Double> rel = new ArrayList<>();
      List<String> broken = new ArrayList<>();
      for (int i = 0; i < grid.constraints().size(); i++) {
        double r = constraintScores.get(i).relative(s).mean();
        rel.add(r);
        if (!grid.constraints().get(i).allows(r)) {
          broken.add(String.format(Locale.ROOT, "%s is %s the baseline's", grid.constraints().get(i).figure().label(),
              ratio(r)));
        }
      }
      if (!broken.isEmpty()) {
        disqualified.add(setting.id() + " " + setting.description() + ": breaks a constraint (" + String.join("; ", broken)
            + ")");
      }
      scored.add(new Recommendation.Scored(s, scores.relative(s), rel, broken.isEmpty()));
    }
    Comparator<Recommendation.Scored> better = Comparator.comparingDouble(
        (Recommendation.Scored s) -> objective.lowerIsBetter() ? s.relative().mean() : -s.relative().mean())
        .thenComparingInt(Recommendation.Scored::setting);
    List<Recommendation.Scored> ranked = scored.stream().filter(Recommendation.Scored::meetsConstraints)
        .sorted(better).toList();
    List<String> notes = new ArrayList<>();
    if (scores.seeds().size() == 1) {
      notes.add("one tuning seed: no interval over seeds can be given; name more seeds to see how much they move the "
          + "figures");
    } else if (!scores.seedsMatter()) {
      notes.add("the seeds do not change these runs (every seed gave the baseline the same "
          + objective.label() + " on " + String.join(", ", scores.seedInsensitiveCases()) + "): a replayed history "
          + "is the same history whatever the seed, so an interval over seeds would be falsely tight and none is "
          + "given; confirm the pick on a held-out workload (holdOut.workloads), another recorded day");
    } else if (!scores.seedInsensitiveCases().isEmpty()) {
      notes.add("the seeds barely change " + String.join(", ", scores.seedInsensitiveCases())
          + " (a replayed history): the intervals come from the other workloads' seeds");
    }
    if (ranked.isEmpty()) {
      notes.add("no setting completed every run within the constraints, the baseline included");
      return new Recommendation(Recommendation.Verdict.KEEP_BASELINE, 0, -1, scored, none(), none(), none(),
          disqualified, notes);
    }
    int best = ranked.get(0).setting();
    // the runner-up is the next best other than the baseline: the baseline is the comparison already made
    int runnerUp = ranked.stream().mapToInt(Recommendation.Scored::setting).filter(s -> s != best && s != 0)
        .findFirst().orElse(-1);
    Interval bestVsRunnerUp = runnerUp < 0 ? none() : scores.difference(best, runnerUp);
    Interval bestRelative = ranked.get(0).relative();
    if (best == 0 || !objective.better(bestRelative.mean(), 1)) {
      return new Recommendation(Recommendation.Verdict.KEEP_BASELINE, 0, runnerUp, scored, bestVsRunnerUp, none(),
          none(), disqualified, notes);
    }
    if (bestRelative.hasInterval() && !(objective.lowerIsBetter() ? bestRelative.high() < 1 : bestRelative.low() > 1)) {
      notes.add(String.format(Locale.ROOT, "the best, %s %s at %s the baseline's, is within the noise of the seeds "
          + "(95%% CI %.3fx-%.3fx holds 1): not told apart from the baseline; more seeds would tell",
          grid.settings().get(best).id(), grid.settings().get(best).description(), ratio(bestRelative.mean()),
          bestRelative.low(), bestRelative.high()));
      return new Recommendation(Recommendation.Verdict.KEEP_BASELINE, 0, runnerUp, scored, bestVsRunnerUp, none(),
          none(), disqualified, notes);
    }
    if (confirming.isEmpty()) {
      return new Recommendation(Recommendation.Verdict.NOT_CONFIRMED, best, runnerUp, scored, bestVsRunnerUp, none(),
          none(), disqualified, notes);
    }
    PhaseScores held = new PhaseScores(grid, confirming, objective.figure());
    Interval confirmed = held.settings().contains(best) ? held.relative(best) : none();
    Interval confirmedRunnerUp = runnerUp >= 0 && held.settings().contains(runnerUp) ? held.relative(runnerUp) : none();
    // The best of several settings looks better on the seeds it was chosen on than it is: on the
    // held-out seeds its gain must stand clear of the noise (the interval must exclude 1), not just
    // land on the right side of 1, which a setting that changes nothing does half the time.
    boolean holds = held.usable(best) && held.usable(0) && (confirmed.hasInterval()
        ? (objective.lowerIsBetter() ? confirmed.high() < 1 : confirmed.low() > 1)
        : objective.better(confirmed.mean(), 1));
    if (!held.usable(0)) {
      notes.add("not confirmed: the baseline's held-out runs did not all complete, so the held-out runs compare "
          + "nothing");
    } else if (held.usable(best) && confirmed.hasInterval() && objective.better(confirmed.mean(), 1) && !holds) {
      notes.add(String.format(Locale.ROOT, "not confirmed: on the held-out runs %s is %s the baseline's, but its 95%% "
          + "interval %.3fx-%.3fx holds 1", grid.settings().get(best).id(), ratio(confirmed.mean()), confirmed.low(),
          confirmed.high()));
    }
    for (Constraint c : grid.constraints()) {
      double r = new PhaseScores(grid, confirming, c.figure().figure()).relative(best).mean();
      if (!c.allows(r)) {
        holds = false;
        notes.add(String.format(Locale.ROOT, "on the held-out runs %s breaks the constraint: %s is %s the baseline's",
            grid.settings().get(best).id(), c.figure().label(), ratio(r)));
      }
    }
    if (!held.seedsMatter() && grid.heldOutWorkloads() == 0) {
      holds = false;
      notes.add("not confirmed: the held-out seeds do not change these runs, so the confirmation reran the same "
          + "history; only a held-out workload (holdOut.workloads) confirms a pick on a replay");
    }
    return new Recommendation(holds ? Recommendation.Verdict.RECOMMENDED : Recommendation.Verdict.NOT_CONFIRMED, best,
        runnerUp, scored, bestVsRunnerUp, confirmed, confirmedRunnerUp, disqualified, notes);
  }

  private static Interval none() {
    return new Interval(Double.NaN, Double.NaN, Double.NaN, 0);
  }

  /** {@code 0.93x}. */
  static String ratio(double r) {
    return String.format(Locale.ROOT, "%.3fx", r);
  }
}
