package io.tezext.simulator.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The recommendation in words: the ranking, the verdict, how sure it is, and the {@code tez-site.xml} lines. */
public final class RecommendationText {
  private final Grid grid;
  private final Recommendation r;

  public RecommendationText(Grid grid, Recommendation recommendation) {
    this.grid = grid;
    this.r = recommendation;
  }

  /** The settings best first, each relative to the baseline. */
  public List<String> ranking() {
    List<String> lines = new ArrayList<>();
    Objective o = grid.objective();
    lines.add(String.format(Locale.ROOT, "%s relative to the baseline (%s is better), tuning seeds %s:", o.label(),
        o.lowerIsBetter() ? "lower" : "higher", grid.seeds()));
    for (Recommendation.Scored s : ranked()) {
      Setting setting = grid.settings().get(s.setting());
      lines.add(String.format(Locale.ROOT, "  %s  %s  %-22s %s%s%s", setting.id(), Recommender.ratio(s.relative().mean()),
          interval(s.relative()), setting.description(), setting.isBaseline() ? "  (baseline)" : "",
          s.meetsConstraints() ? "" : "  (breaks a constraint)"));
    }
    for (String d : r.disqualified()) {
      if (d.contains("did not complete")) {
        lines.add("  left out: " + d);
      }
    }
    return lines;
  }

  /** The usable settings, best first (ties to the lower index). */
  public List<Recommendation.Scored> ranked() {
    Objective o = grid.objective();
    List<Recommendation.Scored> ranked = new ArrayList<>(r.tuning());
    ranked.sort((a, b) -> {
      int c = Double.compare(a.relative().mean(), b.relative().mean());
      c = o.lowerIsBetter() ? c : -c;
      return c != 0 ? c : Integer.compare(a.setting(), b.setting());
    });
    return ranked;
  }

  /** The verdict and how sure it is. */
  public List<String> verdict() {
    List<String> lines = new ArrayList<>();
    Objective o = grid.objective();
    Setting best = grid.settings().get(r.best());
    Recommendation.Scored bs = r.scored(r.best());
    switch (r.verdict()) {
      case RECOMMENDED -> lines.add("recommended: " + best.id() + " " + best.description() + ": " + o.label() + " "
          + Recommender.ratio(bs.relative().mean()) + " the baseline's " + over(bs.relative())
          + "; confirmed on " + heldOut() + ": " + Recommender.ratio(r.confirmed().mean()) + intervalSuffix(r.confirmed()));
      case NOT_CONFIRMED -> lines.add("no recommendation: " + best.id() + " " + best.description() + " was best on the "
          + "tuning runs (" + Recommender.ratio(bs.relative().mean()) + " the baseline's " + o.label() + ") but "
          + (Double.isNaN(r.confirmed().mean()) ? "was not confirmed" : "on " + heldOut() + " it gave "
              + Recommender.ratio(r.confirmed().mean())) + "; keep the baseline or sweep more seeds and workloads");
      case KEEP_BASELINE -> lines.add("keep the baseline: no setting clearly beat " + grid.baseline().description() + " on "
          + o.label() + (grid.constraints().isEmpty() ? "" : " within the constraints"));
    }
    if (r.runnerUp() >= 0 && r.verdict() != Recommendation.Verdict.KEEP_BASELINE) {
      Setting second = grid.settings().get(r.runnerUp());
      Recommendation.Scored ss = r.scored(r.runnerUp());
      Interval d = r.bestVsRunnerUp();
      String lead = String.format(Locale.ROOT, "%.1f%%", 100 * Math.abs(d.mean()));
      String sure;
      if (!d.hasInterval()) {
        sure = "no interval over seeds, so how sure the lead is cannot be said";
      } else if (d.low() > 0 || d.high() < 0) {
        sure = String.format(Locale.ROOT, "a clear lead (95%% CI of the difference %.1f%% to %.1f%%)",
            100 * Math.min(Math.abs(d.low()), Math.abs(d.high())), 100 * Math.max(Math.abs(d.low()), Math.abs(d.high())));
      } else {
        sure = String.format(Locale.ROOT, "within the noise of the seeds (95%% CI of the difference %+.1f%% to %+.1f%%):"
            + " either would do", 100 * d.low(), 100 * d.high());
      }
      lines.add("runner-up: " + second.id() + " " + second.description() + ": " + Recommender.ratio(ss.relative().mean())
          + (Double.isNaN(r.confirmedRunnerUp().mean()) ? "" : ", held out " + Recommender.ratio(r.confirmedRunnerUp().mean()))
          + "; the best leads by " + lead + " of the baseline's " + o.label() + ", " + sure);
    }
    grid.constraints().forEach(c -> lines.add("constraint: " + c));
    r.notes().forEach(n -> lines.add("note: " + n));
    return lines;
  }

  /** The {@code tez-site.xml} lines of the verdict's setting. */
  public String tezSite() {
    Setting s = r.verdict() == Recommendation.Verdict.RECOMMENDED ? grid.settings().get(r.best()) : grid.baseline();
    String why = switch (r.verdict()) {
      case RECOMMENDED -> "tezext-sim sweep " + grid.name() + ": " + s.id() + ", best " + grid.objective().label()
          + ", confirmed on " + heldOut();
      case NOT_CONFIRMED -> "tezext-sim sweep " + grid.name() + ": the best was not confirmed; these are the baseline's";
      case KEEP_BASELINE -> "tezext-sim sweep " + grid.name() + ": nothing beat the baseline; these are its";
    };
    return TezSiteSnippet.of(s, why);
  }

  public String heldOut() {
    List<String> parts = new ArrayList<>();
    if (grid.heldOutWorkloads() > 0) {
      parts.add("held-out workloads " + grid.confirmingWorkloads().stream().map(i -> grid.workloads().get(i).name())
          .collect(Collectors.joining(", ")));
    }
    if (!grid.heldOutSeeds().isEmpty()) {
      parts.add("held-out seeds " + grid.heldOutSeeds().stream().map(String::valueOf).collect(Collectors.joining(", ")));
    }
    return String.join(" and ", parts);
  }

  private static String over(Interval i) {
    return i.hasInterval() ? String.format(Locale.ROOT, "(95%% CI %.3fx-%.3fx over %d seeds)", i.low(), i.high(), i.n())
        : "(" + i.n() + (i.n() == 1 ? " seed" : " seeds") + ", no interval)";
  }

  private static String intervalSuffix(Interval i) {
    return i.hasInterval() ? String.format(Locale.ROOT, " (95%% CI %.3fx-%.3fx)", i.low(), i.high()) : "";
  }

  static String interval(Interval i) {
    return i.hasInterval() ? String.format(Locale.ROOT, "[%.3f, %.3f]", i.low(), i.high()) : "(no interval)";
  }
}
