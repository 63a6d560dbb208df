package io.tezext.simulator.bench.robust;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;

import com.fasterxml.jackson.databind.node.ArrayNode;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.tezext.benchkit.BenchResult;
import io.tezext.simulator.bench.compare.ComparisonRuns;
import io.tezext.simulator.bench.compare.ComparisonRuns.Job;
import io.tezext.simulator.bench.compare.ComparisonRuns.Outcome;
import io.tezext.simulator.bench.compare.ComparisonScenario;
import io.tezext.simulator.bench.compare.ComparisonScenarios;
import io.tezext.simulator.bench.compare.ModelVariant;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.sweep.Interval;

/**
 * {@code bench/run sched-robust}: ours against a baseline (Tez's DagAware by default) on a grid that
 * a lead cannot be an artifact of. Each of sched-compare's named scenarios runs as it is and under
 * several rows of a screening design over the model's uncertain choices ({@link ModelFactor}), every
 * cell on the same held-out seeds for both schedulers. A cell's figure is the geometric mean over
 * seeds of ours' mean DAG time over the baseline's, with its paired 95% interval; a cell counts as
 * ours better when the interval lies below 1 and as ours worse when it lies above 1.01. Each
 * factor's effect is the ratio's geometric mean over the design cells at its high level over that at
 * its low level. The last line is one JSON object with every figure.
 */
@Command(name = "sched-robust", mixinStandardHelpOptions = true,
    description = "Ours vs a baseline over named scenarios x a screening design of model choices x seeds.")
public final class SchedRobustBenchmark implements Callable<Integer> {
  @Option(names = "--seeds", split = ",", description = "Seeds every cell runs (default 101-110: held out; tune on others).")
  List<Long> seeds = LongStream.rangeClosed(101, 110).boxed().toList();

  @Option(names = "--ours", defaultValue = "tezext", description = "Our scheduler (default ${DEFAULT-VALUE}).")
  String ours;

  @Option(names = "--baseline", defaultValue = "dagaware", description = "The baseline (default ${DEFAULT-VALUE}).")
  String baseline;

  @Option(names = "--rows-per-scenario", defaultValue = "4",
      description = "Design rows each scenario runs besides its own settings; 6 scenarios x 4 cover the 12 rows "
          + "twice (default ${DEFAULT-VALUE}).")
  int rowsPerScenario;

  @Option(names = "--scenarios", split = ",", description = "Only these scenarios (default: all).")
  List<String> only;

  @Option(names = "--threads", defaultValue = "0", description = "Runs at once (default: one per core).")
  int threads;

  private final PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);

  public static void main(String[] args) {
    System.exit(new CommandLine(new SchedRobustBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    if (seeds.size() < 2) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--seeds needs two or more seeds for an interval");
    }
    if (rowsPerScenario < 0 || rowsPerScenario > ScreeningDesign.ROWS) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--rows-per-scenario must be 0 to "
          + ScreeningDesign.ROWS + ", was " + rowsPerScenario);
    }
    List<ComparisonScenario> all = new ComparisonScenarios(Path.of(System.getProperty("tezext.root", "."))).all();
    List<ComparisonScenario> scenarios = all.stream().filter(s -> only == null || only.contains(s.name())).toList();
    if (scenarios.isEmpty()) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--scenarios matched none of "
          + all.stream().map(ComparisonScenario::name).toList());
    }
    SchedulerSpec oursSpec = SchedulerSpec.parse(ours);
    SchedulerSpec baseSpec = SchedulerSpec.parse(baseline);
    Map<String, Cell> cells = new LinkedHashMap<>();
    List<Job> jobs = new ArrayList<>();
    for (ComparisonScenario s : scenarios) {
      for (int row : ScreeningDesign.rowsFor(all.indexOf(s), rowsPerScenario)) {
        ModelVariant variant = ScreeningDesign.variant(row);
        cells.put(s.name() + "/" + variant.name(), new Cell(s, row, variant));
        for (long seed : seeds) {
          jobs.add(new Job(s, seed, variant, baseSpec));
          jobs.add(new Job(s, seed, variant, oursSpec));
        }
      }
    }
    int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    List<Outcome> outcomes;
    try (SchedulerLog log = new SchedulerLog(null); ComparisonRuns runs = new ComparisonRuns(n)) {
      outcomes = runs.run(jobs, done -> System.err.printf(Locale.ROOT, "\rsched-robust: %d/%d runs%s", done,
          jobs.size(), done == jobs.size() ? "\n" : ""));
      log.printSummary(out);
    }
    for (int i = 0; i < outcomes.size(); i += 2) {
      Outcome base = outcomes.get(i);
      Outcome mine = outcomes.get(i + 1);
      cells.get(base.job().scenario().name() + "/" + base.job().variant().name()).add(base, mine);
    }
    report(cells.values(), oursSpec, baseSpec).print(out);
    return 0;
  }

  private BenchResult report(Iterable<Cell> cells, SchedulerSpec oursSpec, SchedulerSpec baseSpec) {
    BenchResult json = BenchResult.of("sched-robust").put("ours", oursSpec.label()).put("baseline", baseSpec.label())
        .put("seeds", seeds);
    BenchResult perCell = BenchResult.group();
    int count = 0;
    int better = 0;
    int worse = 0;
    double worst = 0;
    double best = Double.MAX_VALUE;
    List<Double> logs = new ArrayList<>();
    List<Double> contendedLogs = new ArrayList<>();
    double oursLostAm = 0;
    double baseLostAm = 0;
    double oursLocal = 0;
    double baseLocal = 0;
    int hdfsCells = 0;
    Map<ModelFactor, double[]> effects = new LinkedHashMap<>(); // sum of logs high, count high, sum low, count low
    out.printf(Locale.ROOT, "%-24s %-16s %8s %17s %9s %9s %8s %8s%n", "scenario", "variant", "ratio", "95% interval",
        "lost AM b", "lost AM o", "local b", "local o");
    for (Cell c : cells) {
      Interval ratio = c.ratio();
      double point = Math.exp(ratio.mean());
      double low = Math.exp(ratio.low());
      double high = Math.exp(ratio.high());
      count++;
      better += high < 1 ? 1 : 0;
      worse += low > 1.01 ? 1 : 0;
      worst = Math.max(worst, point);
      best = Math.min(best, point);
      logs.add(ratio.mean());
      if (c.scenario.contended()) {
        contendedLogs.add(ratio.mean());
      }
      oursLostAm += c.mean(c.ours, Outcome::workPreemptedS);
      baseLostAm += c.mean(c.base, Outcome::workPreemptedS);
      if (c.scenario.hdfs()) {
        oursLocal += c.mean(c.ours, Outcome::nodeLocal);
        baseLocal += c.mean(c.base, Outcome::nodeLocal);
        hdfsCells++;
      }
      if (c.row > 0) {
        for (ModelFactor f : ModelFactor.values()) {
          double[] e = effects.computeIfAbsent(f, k -> new double[4]);
          int at = ScreeningDesign.high(c.row, f) ? 0 : 2;
          e[at] += ratio.mean();
          e[at + 1]++;
        }
      }
      perCell.group(c.scenario.name() + "/" + c.variant.name())
          .put("mean_jct_ratio", point, 4)
          .put("ci_low", low, 4)
          .put("ci_high", high, 4)
          .put("baseline_mean_jct_s", c.mean(c.base, Outcome::meanJctS), 4)
          .put("ours_mean_jct_s", c.mean(c.ours, Outcome::meanJctS), 4)
          .put("baseline_work_lost_am_s", c.mean(c.base, Outcome::workPreemptedS), 4)
          .put("ours_work_lost_am_s", c.mean(c.ours, Outcome::workPreemptedS), 4)
          .put("baseline_node_local", c.mean(c.base, Outcome::nodeLocal), 4)
          .put("ours_node_local", c.mean(c.ours, Outcome::nodeLocal), 4)
          .put("dags_failed", c.failed());
      out.printf(Locale.ROOT, "%-24s %-16s %8.3f   [%6.3f, %6.3f] %9.0f %9.0f %7.1f%% %7.1f%%%n", c.scenario.name(),
          c.variant.name(), point, low, high, c.mean(c.base, Outcome::workPreemptedS),
          c.mean(c.ours, Outcome::workPreemptedS), c.mean(c.base, Outcome::nodeLocal) * 100,
          c.mean(c.ours, Outcome::nodeLocal) * 100);
    }
    json.put("cells", count)
        .put("cells_ours_better", better)
        .put("cells_ours_worse", worse)
        .put("worst_cell_ratio", worst, 4)
        .put("best_cell_ratio", best, 4)
        .put("geomean_ratio", Math.exp(logs.stream().mapToDouble(Double::doubleValue).average().orElse(0)), 4)
        .put("geomean_ratio_contended",
            Math.exp(contendedLogs.stream().mapToDouble(Double::doubleValue).average().orElse(0)), 4)
        .ratio("work_lost_am_ratio", oursLostAm, baseLostAm, 4)
        .put("baseline_work_lost_am_s", baseLostAm, 4)
        .put("ours_work_lost_am_s", oursLostAm, 4)
        .ratio("baseline_node_local_hdfs", baseLocal, hdfsCells, 4)
        .ratio("ours_node_local_hdfs", oursLocal, hdfsCells, 4);
    BenchResult factorNode = json.group("factor_effects");
    ArrayNode design = json.list("factors");
    for (ModelFactor f : ModelFactor.values()) {
      design.addObject().put("factor", f.key).put("low", f.low).put("high", f.high);
      double[] e = effects.get(f);
      if (e != null && e[1] > 0 && e[3] > 0) {
        factorNode.put(f.key, Math.exp(e[0] / e[1] - e[2] / e[3]), 4);
      }
    }
    return json.put("cell", perCell);
  }

  /** One scenario under one variant: the paired runs of both schedulers over the seeds. */
  private static final class Cell {
    final ComparisonScenario scenario;
    final int row;
    final ModelVariant variant;
    final List<Outcome> base = new ArrayList<>();
    final List<Outcome> ours = new ArrayList<>();

    Cell(ComparisonScenario scenario, int row, ModelVariant variant) {
      this.scenario = scenario;
      this.row = row;
      this.variant = variant;
    }

    void add(Outcome b, Outcome o) {
      base.add(b);
      ours.add(o);
    }

    /** The log of ours' mean DAG time over the baseline's, over seeds, with its interval. */
    Interval ratio() {
      double[] logs = new double[base.size()];
      for (int i = 0; i < logs.length; i++) {
        logs[i] = Math.log(ours.get(i).meanJctS() / base.get(i).meanJctS());
      }
      return Interval.of(logs, true);
    }

    double mean(List<Outcome> outcomes, java.util.function.ToDoubleFunction<Outcome> f) {
      return outcomes.stream().mapToDouble(f).average().orElse(Double.NaN);
    }

    int failed() {
      int n = 0;
      for (int i = 0; i < base.size(); i++) {
        n += base.get(i).dagsFailed() + ours.get(i).dagsFailed();
      }
      return n;
    }
  }
}
