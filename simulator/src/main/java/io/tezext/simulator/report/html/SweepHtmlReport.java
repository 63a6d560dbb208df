package io.tezext.simulator.report.html;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;

import io.tezext.simulator.sweep.Grid;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.Interval;
import io.tezext.simulator.sweep.PhaseScores;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.Recommendation;
import io.tezext.simulator.sweep.RecommendationText;
import io.tezext.simulator.sweep.Setting;
import io.tezext.simulator.sweep.SweptKey;

/**
 * A sweep's {@code report.html}, in the style of the run report (inline CSS and SVG, nothing from
 * the network): the verdict and its {@code tez-site.xml} lines, every setting ranked against the
 * baseline with its interval over seeds, the objective against each swept key with every seed's
 * run as a dot, and the best beside the baseline (and the runner-up) figure by figure and seed by seed.
 */
public final class SweepHtmlReport {
  public static final String FILE = HtmlReport.FILE;

  private static final Mustache TEMPLATE =
      new DefaultMustacheFactory("io/tezext/simulator/report/html").compile("sweep.mustache");

  /** Figures shown side by side: what an operator weighs. */
  private static final List<String> SIDE_BY_SIDE = List.of("dag_mean_s", "dag_p95_s", "makespan_s", "node_local",
      "rack_local", "off_switch", "containers_launched", "containers_reused", "preemptions_am", "work_lost_task_s",
      "memory_allocated", "memory_busy", "dags_failed");

  private SweepHtmlReport() {
  }

  record Page(String grid, String objective, String counts, List<String> verdict, String tezSite, List<Row> ranking,
      List<Chart> keys, List<String> columns, List<FigureRow> figures, LineChart seeds) {
  }

  record Row(String id, String description, String relative, String interval, String verdict, boolean baseline) {
  }

  record Chart(String title, Frame frame, List<Dot> dots, List<Mark> means, String baselineY, int left, int right) {
  }

  record Dot(String x, String y, String color, String title) {
  }

  record Mark(String x1, String x2, String y, String color, String title) {
  }

  record FigureRow(String label, List<Cell> cells) {
  }

  record Cell(String value, String ratio, String verdict) {
  }

  public static void write(Grid grid, List<PointResult> results, Recommendation r, Path dir) throws IOException {
    Files.createDirectories(dir);
    try (Writer out = Files.newBufferedWriter(dir.resolve(FILE), StandardCharsets.UTF_8)) {
      TEMPLATE.execute(out, page(grid, results, r));
    }
  }

  static Page page(Grid grid, List<PointResult> results, Recommendation r) {
    List<PointResult> tune = results.stream().filter(p -> p.point().phase() == GridPoint.Phase.TUNE).toList();
    RecommendationText text = new RecommendationText(grid, r);
    List<Row> ranking = new ArrayList<>();
    for (Recommendation.Scored sc : text.ranked()) {
      ranking.add(rankingRow(grid, r, sc.setting()));
    }
    PhaseScores scores = new PhaseScores(grid, tune, grid.objective().figure());
    List<Chart> charts = new ArrayList<>();
    for (SweptKey k : grid.swept()) {
      charts.add(keyChart(grid, scores, r, k));
    }
    // the baseline, the best on the tuning runs (recommended or not) and the runner-up
    int top = r.best() != 0 ? r.best() : text.ranked().stream().mapToInt(Recommendation.Scored::setting)
        .filter(s -> s != 0).findFirst().orElse(0);
    List<Integer> shown = new ArrayList<>(List.of(0));
    if (top != 0) {
      shown.add(top);
    }
    if (r.runnerUp() > 0 && r.runnerUp() != top) {
      shown.add(r.runnerUp());
    }
    List<String> columns = new ArrayList<>();
    for (int s : shown) {
      Setting setting = grid.settings().get(s);
      columns.add(setting.id() + (s == 0 ? " (baseline)" : s == top
          ? (r.verdict() == Recommendation.Verdict.RECOMMENDED ? " (recommended)" : " (best, not recommended)")
          : " (runner-up)"));
    }
    List<FigureRow> figures = new ArrayList<>();
    for (String f : SIDE_BY_SIDE) {
      if (tune.isEmpty() || !tune.get(0).figures().containsKey(f)) {
        continue;
      }
      double base = meanOf(tune, 0, f);
      List<Cell> cells = new ArrayList<>();
      for (int s : shown) {
        double v = meanOf(tune, s, f);
        String ratio = s == 0 ? "" : base == 0 ? (v == 0 ? "=" : "") : String.format(Locale.ROOT, "%.2fx", v / base);
        boolean lowerBetter = !f.equals("node_local") && !f.equals("containers_reused") && !f.startsWith("memory_");
        String verdict = s == 0 || v == base ? "same" : (v < base) == lowerBetter ? "better" : "worse";
        cells.add(new Cell(f.equals("node_local") || f.equals("rack_local") || f.equals("off_switch")
            || f.startsWith("memory_") ? Format.percent(v) : Format.number(v), ratio, verdict));
      }
      figures.add(new FigureRow(f, cells));
    }
    return new Page(grid.name(), grid.objective().label() + (grid.objective().lowerIsBetter() ? ", lower is better"
        : ", higher is better"), counts(grid, results), text.verdict(), text.tezSite(), ranking, charts, columns,
        figures, seedChart(grid, results, shown));
  }

  private static Row rankingRow(Grid grid, Recommendation r, int index) {
    Setting s = grid.settings().get(index);
    Recommendation.Scored sc = r.scored(index);
    Interval i = sc.relative();
    String verdict = index == r.best() && r.verdict() == Recommendation.Verdict.RECOMMENDED ? "better"
        : sc.meetsConstraints() ? "same" : "worse";
    return new Row(s.id(), s.description(), String.format(Locale.ROOT, "%.3fx", i.mean()),
        i.hasInterval() ? String.format(Locale.ROOT, "%.3fx - %.3fx", i.low(), i.high()) : "n/a",
        index == r.best() && index != 0 ? (r.verdict() == Recommendation.Verdict.RECOMMENDED ? "recommended"
            : "best on tuning runs")
            : index == r.runnerUp() ? "runner-up" : sc.meetsConstraints() ? "" : "breaks a constraint",
        s.isBaseline());
  }

  /** The objective (relative to the baseline) against one swept key: a dot per setting and seed, a mark per setting. */
  private static Chart keyChart(Grid grid, PhaseScores scores, Recommendation r, SweptKey key) {
    List<Integer> settings = new ArrayList<>();
    for (Setting s : grid.settings()) {
      if (s.kind() == key.kind() && s.swept().contains(key.key()) && scores.settings().contains(s.index())) {
        settings.add(s.index());
      }
    }
    double lo = 1;
    double hi = 1;
    for (int s : settings) {
      for (double v : scores.perSeed(s)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    double pad = Math.max(0.01, (hi - lo) * 0.1);
    int n = key.values().size();
    Plot plot = new Plot(720, 300, -0.5, n - 0.5, lo - pad, hi + pad);
    List<Plot.Tick> xTicks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      xTicks.add(new Plot.Tick(Plot.px(plot.x(i)), key.values().get(i)));
    }
    List<Dot> dots = new ArrayList<>();
    List<Mark> means = new ArrayList<>();
    Map<Integer, Integer> atValue = new LinkedHashMap<>();
    for (int s : settings) {
      Setting setting = grid.settings().get(s);
      int v = key.values().indexOf(setting.conf().get(key.key()));
      int slot = atValue.merge(v, 1, Integer::sum) - 1;
      int slots = (int) settings.stream().filter(o -> key.values().indexOf(grid.settings().get(o).conf()
          .get(key.key())) == v).count();
      double offset = slots == 1 ? 0 : -0.3 + 0.6 * slot / (slots - 1);
      String color = s == r.best() ? Palette.color(1) : Palette.color(0);
      double[] perSeed = scores.perSeed(s);
      for (int i = 0; i < perSeed.length; i++) {
        dots.add(new Dot(Plot.px(plot.x(v + offset)), Plot.px(plot.y(perSeed[i])), color, String.format(Locale.ROOT,
            "%s %s, seed %d: %.3fx", setting.id(), setting.description(), scores.seeds().get(i), perSeed[i])));
      }
      double mean = scores.relative(s).mean();
      means.add(new Mark(Plot.px(plot.x(v + offset - 0.04)), Plot.px(plot.x(v + offset + 0.04)),
          Plot.px(plot.y(mean)), color, String.format(Locale.ROOT, "%s %s: mean %.3fx", setting.id(),
              setting.description(), mean)));
    }
    Frame frame = Frame.of(plot, xTicks, plot.yTicks(v -> String.format(Locale.ROOT, "%.2fx", v)),
        key.kind().cliName() + ": " + key.key(), grid.objective().label() + " / baseline");
    return new Chart(key.kind().cliName() + ": " + key.key(), frame, dots, means, Plot.px(plot.y(1)), plot.left(),
        plot.right());
  }

  /** The objective seed by seed (tuning, then held-out) for the settings shown side by side, on the first case. */
  private static LineChart seedChart(Grid grid, List<PointResult> results, List<Integer> shown) {
    String figure = grid.objective().figure();
    List<Long> seeds = new ArrayList<>();
    double hi = 0;
    for (PointResult p : results) {
      if (shown.contains(p.point().setting()) && !seeds.contains(p.point().seed())) {
        seeds.add(p.point().seed());
      }
      hi = Math.max(hi, p.figure(figure));
    }
    seeds.sort(Long::compare);
    Plot plot = new Plot(720, 300, 0, Math.max(1, seeds.size() - 1), 0, hi * 1.05);
    List<LineChart.Series> series = new ArrayList<>();
    for (int k = 0; k < shown.size(); k++) {
      int s = shown.get(k);
      StringBuilder points = new StringBuilder();
      for (int i = 0; i < seeds.size(); i++) {
        double sum = 0;
        int count = 0;
        for (PointResult p : results) {
          if (p.point().setting() == s && p.point().seed() == seeds.get(i)) {
            sum += p.figure(figure);
            count++;
          }
        }
        if (count > 0) {
          LineChart.point(points, plot, i, sum / count);
        }
      }
      Setting setting = grid.settings().get(s);
      series.add(new LineChart.Series(setting.id() + " " + setting.description(), Palette.color(k), points.toString(),
          k == 0 ? "5,3" : ""));
    }
    List<Plot.Tick> xTicks = new ArrayList<>();
    for (int i = 0; i < seeds.size(); i++) {
      xTicks.add(new Plot.Tick(Plot.px(plot.x(i)), String.valueOf(seeds.get(i))));
    }
    Frame frame = Frame.of(plot, xTicks, plot.yTicks(Format::axis), "seed (tuning, then held-out)",
        grid.objective().label() + (grid.objective().unit().isEmpty() ? "" : " (" + grid.objective().unit() + ")"));
    return new LineChart("seeds", frame, series);
  }

  private static double meanOf(List<PointResult> results, int setting, String figure) {
    double sum = 0;
    int n = 0;
    for (PointResult p : results) {
      if (p.point().setting() == setting) {
        sum += p.figure(figure);
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  private static String counts(Grid grid, List<PointResult> results) {
    long confirm = results.stream().filter(p -> p.point().phase() == GridPoint.Phase.CONFIRM).count();
    return String.format(Locale.ROOT, "%d settings x %d scenarios x %d workloads x %d seeds = %d tuning runs, "
        + "%d confirmation runs", grid.settings().size(), grid.scenarios().size(), grid.tuningWorkloads().size(),
        grid.seeds().size(), results.size() - confirm, confirm);
  }
}
