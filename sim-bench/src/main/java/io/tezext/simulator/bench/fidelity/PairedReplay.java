package io.tezext.simulator.bench.fidelity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.sweep.Interval;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.json.WorkloadJson;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

/**
 * Real runs of two schedulers in interleaved pairs, replayed, as a user would replay them, to see
 * whether the simulator ranks the schedulers as the real cluster did. Through the command line: a
 * scenario calibrated on the first pair's baseline run ({@code tezext-sim calibrate --cluster BASE},
 * BASE saying what history cannot: nodes, racks, queues, the RM's preemption); then each run of
 * every other pair, completed with what its history does not keep (the location hints its split
 * generation gave, the applications it competed with), replayed with the scheduler it ran
 * ({@code tezext-sim run}). Each run from its own history: a session's client submits its next DAG
 * when the last one returns, so a run's arrival times follow its own scheduler's pace; replayed at
 * the other run's times, a faster scheduler would sit idle between DAGs it ran back to back for
 * real (history gives a session's DAGs as closed-loop, so a replay keeps the client's pace). Beside
 * it, what a user holding only the baseline's history would conclude: that history replayed with
 * ours. Nothing is fitted to the pairs scored.
 *
 * <p>What YARN leaves to chance (the phase of the RM's preemption rounds, when the scenario draws it
 * from the seed) is replayed over several seeds: a run's simulated mean DAG time is the mean over
 * its seeds, a DAG's simulated time the median over its runs and their seeds.
 *
 * <p>Reported: the simulated ratio of mean DAG time (ours over the baseline, geometric mean over the
 * scored pairs) against the real one and its 95% interval over the same pairs; each DAG's simulated
 * run time against the median of its real runs, beside those runs' own spread; AM preemptions, and
 * the containers the RM preempted (the other applications' included).
 */
public final class PairedReplay {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One real run.
   *
   * @param scheduler the scheduler's spec as {@code tezext-sim --scheduler} names it ({@code dagaware}, {@code tezext})
   * @param pair its pair, from 0
   * @param history the Tez history of the session whose DAGs are scored
   * @param dagRuntimesMs each session DAG's real run time, by DAG name
   * @param amPreemptions containers the session's AM preempted
   * @param rmPreemptions containers the RM preempted, from every application that shared the cluster
   */
  public record RealRun(String scheduler, int pair, Path history, Map<String, Long> dagRuntimesMs,
      long amPreemptions, long rmPreemptions) {
  }

  /** The largest gap between the simulated and the real ratio the fidelity goal accepts. */
  public static final double RATIO_TOLERANCE = 0.03;

  /**
   * The replay's figures and a table for the report.
   *
   * @param realPairLogs each scored pair's real log ratio (ours over the baseline), in pair order
   * @param simPairLogs the same pairs' simulated log ratios
   */
  public record Result(int pairsScored, double realRatio, double realCiLow, double realCiHigh, double simRatio,
      double simRatioFromBaselineHistory, double dagErrorPctMax, double dagErrorPctMean, int dagsWithinTolerance,
      int dags, double realSpreadPctMax, Map<String, Long> amPreemptionsReal, Map<String, Long> amPreemptionsSim,
      Map<String, Long> rmPreemptionsReal, Map<String, Long> rmPreemptionsSim, List<Double> realPairLogs,
      List<Double> simPairLogs, String table) {

    public Result {
      realPairLogs = List.copyOf(realPairLogs);
      simPairLogs = List.copyOf(simPairLogs);
      if (realPairLogs.size() != simPairLogs.size()) {
        throw new IllegalArgumentException(realPairLogs.size() + " real pairs but " + simPairLogs.size() + " simulated");
      }
    }

    public double gap() {
      return Math.abs(simRatio - realRatio);
    }

    /** The real ratio's standard error over the scored pairs (NaN with fewer than two). */
    public double realRatioSe() {
      return realRatio * standardDeviation(realPairLogs) / Math.sqrt(realPairLogs.size());
    }

    /**
     * How many pairs the real runs need for the gap check to decide anything: enough that a gap of
     * {@value #RATIO_TOLERANCE} is two standard errors of the real ratio, at the spread these pairs
     * showed. With fewer, a gap inside the tolerance is as likely luck as fidelity.
     */
    public int pairsForGapCheck() {
      double perPair = realRatio * standardDeviation(realPairLogs);
      return (int) Math.ceil(Math.pow(perPair / (RATIO_TOLERANCE / 2), 2));
    }

    /** How closely the simulated ratio follows the real one from pair to pair (Pearson, on logs). */
    public double pairCorrelation() {
      return correlation(realPairLogs, simPairLogs);
    }

    public boolean withinCi() {
      return simRatio >= realCiLow && simRatio <= realCiHigh;
    }

    /** Each scheduler's simulated AM preemptions within 25% or 3 of the real count, whichever is larger. */
    public boolean amPreemptionsClose() {
      return amPreemptionsReal.entrySet().stream().allMatch(e -> {
        long sim = amPreemptionsSim.getOrDefault(e.getKey(), 0L);
        return Math.abs(sim - e.getValue()) <= Math.max(3, 0.25 * e.getValue());
      });
    }

    /**
     * Whether the replay meets the fidelity goal: the simulated ratio inside the real interval and
     * within {@value #RATIO_TOLERANCE} of the real ratio, every DAG within max(10%, its real spread),
     * AM preemptions close.
     */
    public boolean goalMet() {
      return withinCi() && gap() <= RATIO_TOLERANCE && dagsWithinTolerance == dags && amPreemptionsClose();
    }

    /** The figures for a benchmark's JSON line. */
    public Map<String, Object> figures() {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("pairs_scored", pairsScored);
      f.put("real_ratio_scored", round(realRatio));
      f.put("real_ci_low_scored", round(realCiLow));
      f.put("real_ci_high_scored", round(realCiHigh));
      f.put("sim_ratio", round(simRatio));
      f.put("sim_real_gap", round(gap()));
      f.put("sim_ratio_from_baseline_history", round(simRatioFromBaselineHistory));
      f.put("sim_within_ci", withinCi());
      f.put("dag_runtime_error_pct_max", round(dagErrorPctMax));
      f.put("dag_runtime_error_pct_mean", round(dagErrorPctMean));
      f.put("dags_within_tolerance", dagsWithinTolerance);
      f.put("dags_scored", dags);
      f.put("real_dag_spread_pct_max", round(realSpreadPctMax));
      f.put("am_preemptions_real_scored", amPreemptionsReal);
      f.put("am_preemptions_sim", amPreemptionsSim);
      f.put("am_preemptions_close", amPreemptionsClose());
      f.put("rm_preemptions_real_scored", rmPreemptionsReal);
      f.put("rm_preemptions_sim", rmPreemptionsSim);
      f.put("real_ratio_se", round(realRatioSe()));
      f.put("pairs_for_gap_check", pairsForGapCheck());
      f.put("pair_ratio_correlation", round(pairCorrelation()));
      Map<String, List<Double>> pairLogs = new LinkedHashMap<>();
      pairLogs.put("real", rounded(realPairLogs));
      pairLogs.put("sim", rounded(simPairLogs));
      f.put("pair_log_ratios", pairLogs);
      f.put("fidelity_goal_met", goalMet());
      return f;
    }

    /** What the gap check can tell with these pairs, in a sentence for the report. */
    public String power() {
      return String.format(Locale.ROOT, "the real ratio %.3f has a standard error of %.3f over %d pairs: a gap of "
          + "%.2f is %.1f standard errors; deciding it (two standard errors) needs about %d pairs. From pair to pair "
          + "the simulated ratio follows the real one with a correlation of %.2f.%n", realRatio, realRatioSe(),
          pairsScored, RATIO_TOLERANCE, RATIO_TOLERANCE / realRatioSe(), pairsForGapCheck(), pairCorrelation());
    }
  }

  /**
   * Several recordings' scored pairs taken together: what one recording's 9 pairs cannot tell (a
   * gap of a few hundredths is well under one standard error of each), their sum can begin to.
   *
   * @param realPairLogs every scored pair's real log ratio (ours over the baseline)
   * @param simPairLogs the same pairs' simulated log ratios, in the same order
   */
  public record Pooled(List<Double> realPairLogs, List<Double> simPairLogs) {
    public Pooled {
      realPairLogs = List.copyOf(realPairLogs);
      simPairLogs = List.copyOf(simPairLogs);
      if (realPairLogs.size() != simPairLogs.size() || realPairLogs.size() < 2) {
        throw new IllegalArgumentException("pooling needs as many simulated as real pairs, two or more; got "
            + realPairLogs.size() + " and " + simPairLogs.size());
      }
    }

    /** The figures: the pooled ratios, the real one's interval, the simulation's bias over real and its interval. */
    public Map<String, Object> figures() {
      double[] real = unboxed(realPairLogs);
      double[] bias = new double[real.length];
      for (int i = 0; i < bias.length; i++) {
        bias[i] = simPairLogs.get(i) - realPairLogs.get(i);
      }
      Interval r = Interval.of(real, true);
      Interval b = Interval.of(bias, true);
      double sim = Math.exp(simPairLogs.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("pairs_scored", real.length);
      f.put("real_ratio", round(Math.exp(r.mean())));
      f.put("real_ci_low", round(Math.exp(r.low())));
      f.put("real_ci_high", round(Math.exp(r.high())));
      f.put("sim_ratio", round(sim));
      f.put("sim_within_ci", sim >= Math.exp(r.low()) && sim <= Math.exp(r.high()));
      f.put("sim_over_real", round(Math.exp(b.mean())));
      f.put("sim_over_real_ci_low", round(Math.exp(b.low())));
      f.put("sim_over_real_ci_high", round(Math.exp(b.high())));
      f.put("pair_ratio_correlation", round(correlation(realPairLogs, simPairLogs)));
      return f;
    }
  }

  /** Pearson's correlation of two equally long series. */
  private static double correlation(List<Double> xs, List<Double> ys) {
    double mx = xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    double my = ys.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    double xy = 0;
    double xx = 0;
    double yy = 0;
    for (int i = 0; i < xs.size(); i++) {
      double x = xs.get(i) - mx;
      double y = ys.get(i) - my;
      xy += x * y;
      xx += x * x;
      yy += y * y;
    }
    return xy / Math.sqrt(xx * yy);
  }

  private static double[] unboxed(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static List<Double> rounded(List<Double> values) {
    return values.stream().map(v -> Math.round(v * 10_000) / 10_000.0).toList();
  }

  private static double standardDeviation(List<Double> values) {
    return Interval.standardDeviation(unboxed(values));
  }

  private PairedReplay() {
  }

  /**
   * @param runs the real runs, two per pair (the baseline's and ours)
   * @param baseline the baseline's scheduler spec, {@code ours} ours
   * @param baseScenario what history cannot say of the cluster (nodes, racks, queues, YARN settings)
   * @param supply a run's workload as history gives it, completed with what history lacks: the
   *     location hints its split generation gave, the other applications that shared the cluster
   * @param dir where the scenario, workloads and replays are written
   * @param seeds how many seeds (1, 2, ...) each run is replayed with
   */
  public static Result score(List<RealRun> runs, String baseline, String ours, Path baseScenario,
      BiFunction<RealRun, Workload, Workload> supply, Path dir, int seeds) throws IOException {
    if (seeds < 1) {
      throw new IllegalArgumentException("seeds must be at least 1, was " + seeds);
    }
    Files.createDirectories(dir);
    int pairs = runs.stream().mapToInt(RealRun::pair).max().orElse(-1) + 1;
    if (pairs < 3) {
      throw new IllegalArgumentException("a replay needs 3 pairs or more: one to calibrate on, two to score");
    }
    Path scenario = dir.resolve("calibrated.json");
    RealRun calibrationRun = run(runs, 0, baseline);
    ReplayScore.cli("calibrate", "--workload", calibrationRun.history().toString(), "--cluster", baseScenario.toString(),
        "--out", scenario.toString());

    List<String> dagNames = new ArrayList<>(calibrationRun.dagRuntimesMs().keySet());
    String[] fileLabels = fileLabels(baseline, ours);
    double[] realLogs = new double[pairs - 1];
    double[] simLogs = new double[pairs - 1];
    double[] crossLogs = new double[pairs - 1];
    Map<String, Map<String, List<Long>>> realTimes = new TreeMap<>(); // scheduler -> DAG -> real run times
    Map<String, Map<String, List<Long>>> simTimes = new TreeMap<>();
    Map<String, Long> amReal = new TreeMap<>();
    Map<String, Long> amSim = new TreeMap<>();
    Map<String, Long> rmReal = new TreeMap<>();
    Map<String, Long> rmSim = new TreeMap<>();
    for (int p = 1; p < pairs; p++) {
      RealRun base = run(runs, p, baseline);
      RealRun mine = run(runs, p, ours);
      realLogs[p - 1] = Math.log(mean(mine.dagRuntimesMs().values()) / mean(base.dagRuntimesMs().values()));
      for (RealRun r : List.of(base, mine)) {
        r.dagRuntimesMs().forEach((dag, ms) -> realTimes.computeIfAbsent(r.scheduler(), k -> new TreeMap<>())
            .computeIfAbsent(dag, k -> new ArrayList<>()).add(ms));
        amReal.merge(r.scheduler(), r.amPreemptions(), Long::sum);
        rmReal.merge(r.scheduler(), r.rmPreemptions(), Long::sum);
      }
      double[] simMeans = new double[2];
      Path[] workloads = new Path[2];
      for (int i = 0; i < 2; i++) {
        RealRun r = i == 0 ? base : mine;
        String scheduler = r.scheduler();
        String name = String.format(Locale.ROOT, "pair-%02d-%s", p, fileLabels[i]);
        workloads[i] = dir.resolve(name + "-workload.json");
        WorkloadJson.write(supply.apply(r, read(r.history())), workloads[i]);
        for (int seed = 1; seed <= seeds; seed++) {
          Replay replay = Replay.run(scenario, workloads[i], scheduler, replayDir(dir, name, seed), seed);
          List<Long> times = replay.runtimes(dagNames);
          for (int d = 0; d < dagNames.size(); d++) {
            simTimes.computeIfAbsent(scheduler, k -> new TreeMap<>()).computeIfAbsent(dagNames.get(d),
                k -> new ArrayList<>()).add(times.get(d));
          }
          simMeans[i] += mean(times) / seeds;
          amSim.merge(scheduler, replay.preemptions("preemptions_am"), Long::sum);
          rmSim.merge(scheduler, replay.preemptions("preemptions_rm"), Long::sum);
        }
      }
      simLogs[p - 1] = Math.log(simMeans[1] / simMeans[0]);
      // What a user with only the baseline's history would conclude: ours run on the baseline's DAGs.
      double crossMean = 0;
      for (int seed = 1; seed <= seeds; seed++) {
        Replay cross = Replay.run(scenario, workloads[0], ours,
            replayDir(dir, String.format(Locale.ROOT, "pair-%02d-%s-on-%s-history", p, fileLabels[1], fileLabels[0]),
                seed), seed);
        crossMean += mean(cross.runtimes(dagNames)) / seeds;
      }
      crossLogs[p - 1] = Math.log(crossMean / simMeans[0]);
    }
    // per replay of every run
    amSim.replaceAll((scheduler, total) -> Math.round((double) total / seeds));
    rmSim.replaceAll((scheduler, total) -> Math.round((double) total / seeds));

    Interval real = Interval.of(realLogs, true);
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
        "%-12s %-28s %10s %10s %8s %8s%n", "scheduler", "dag", "real_ms", "sim_ms", "err_pct", "spread"));
    double maxError = 0;
    double sumError = 0;
    double maxSpread = 0;
    int within = 0;
    int count = 0;
    for (String scheduler : List.of(baseline, ours)) {
      for (String name : dagNames) {
        long[] realMs = realTimes.get(scheduler).get(name).stream().mapToLong(Long::longValue).sorted().toArray();
        double median = median(realMs);
        double spread = 100.0 * (realMs[realMs.length - 1] - realMs[0]) / median;
        double simMedian = median(simTimes.get(scheduler).get(name).stream().mapToLong(Long::longValue).sorted()
            .toArray());
        double error = 100.0 * Math.abs(simMedian - median) / median;
        maxError = Math.max(maxError, error);
        maxSpread = Math.max(maxSpread, spread);
        sumError += error;
        count++;
        within += error <= Math.max(10, spread) ? 1 : 0;
        table.append(String.format(Locale.ROOT, "%-12s %-28s %10.0f %10.0f %8.1f %7.0f%%%n", scheduler, name, median,
            simMedian, error, spread));
      }
    }
    return new Result(pairs - 1, Math.exp(real.mean()), Math.exp(real.low()), Math.exp(real.high()),
        Math.exp(Interval.of(simLogs, false).mean()), Math.exp(Interval.of(crossLogs, false).mean()), maxError,
        sumError / count, within, count, maxSpread, amReal, amSim, rmReal, rmSim, boxed(realLogs), boxed(simLogs),
        table.toString());
  }

  /** One replay of a workload with one scheduler, as {@code tezext-sim run} reports it. */
  private record Replay(String scheduler, JsonNode dags, JsonNode summary) {
    static Replay run(Path scenario, Path workload, String scheduler, Path out, int seed) throws IOException {
      ReplayScore.cli("run", "--cluster", scenario.toString(), "--workload", workload.toString(),
          "--scheduler", scheduler, "--seed", Integer.toString(seed), "--format", "json", "--out", out.toString(),
          "--overwrite", "--quiet");
      return new Replay(scheduler, JSON.readTree(out.resolve("dags.json").toFile()),
          JSON.readTree(out.resolve("summary.json").toFile()));
    }

    /** The simulated run time of each named DAG, in that order. */
    List<Long> runtimes(List<String> names) {
      List<Long> times = new ArrayList<>();
      for (String name : names) {
        times.add(simulatedRuntime(dags.path(scheduler), name));
      }
      return times;
    }

    /** A count the replay's summary gives, {@code preemptions_am} or {@code preemptions_rm}. */
    long preemptions(String figure) {
      for (JsonNode run : summary.path("schedulers")) {
        if (run.path("scheduler").asText().equals(scheduler)) {
          return run.path("figures").path(figure).asLong();
        }
      }
      throw new IllegalStateException("the replay's summary has no run of " + scheduler);
    }
  }

  /**
   * The baseline's and ours' names in file names: each spec's scheduler without its keys (a spec with
   * keys can be longer than a file name may be); "baseline" and "ours" when that would not tell them apart.
   */
  static String[] fileLabels(String baseline, String ours) {
    String b = SchedulerSpec.parse(baseline).name();
    String o = SchedulerSpec.parse(ours).name();
    return b.equals(o) ? new String[] {"baseline", "ours"} : new String[] {b, o};
  }

  /** The first seed's replay where a single replay has always gone, the others beside it. */
  private static Path replayDir(Path dir, String name, int seed) {
    return dir.resolve(seed == 1 ? name + "-replay" : String.format(Locale.ROOT, "%s-replay-seed-%d", name, seed));
  }

  private static Workload read(Path history) throws IOException {
    return TezHistoryReader.readHistory(WorkloadFormat.detect(history).historyInput(history), false,
        new ArrayList<>()).workload();
  }

  private static RealRun run(List<RealRun> runs, int pair, String scheduler) {
    return runs.stream().filter(r -> r.pair() == pair && r.scheduler().equals(scheduler)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no " + scheduler + " run in pair " + pair));
  }

  private static long simulatedRuntime(JsonNode dags, String name) {
    for (JsonNode dag : dags) {
      if (dag.path("name").asText().equals(name)) {
        if (!dag.hasNonNull("finishMs")) {
          throw new IllegalStateException("the replay did not finish " + name);
        }
        return dag.path("finishMs").asLong() - dag.path("startMs").asLong();
      }
    }
    throw new IllegalStateException("the replay has no DAG named " + name);
  }

  private static List<Double> boxed(double[] values) {
    return Arrays.stream(values).boxed().toList();
  }

  private static double mean(java.util.Collection<Long> values) {
    return values.stream().mapToLong(Long::longValue).average().orElse(Double.NaN);
  }

  private static double median(long[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
