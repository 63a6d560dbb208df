package io.tezext.schedreal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.tezext.simulator.sweep.Interval;

/**
 * The schedulers compared over interleaved pairs of real runs: in each pair, ours' mean DAG time over
 * DagAware's; the pairs' ratios summarised by their geometric mean with a 95% t-interval on their
 * logarithms (a ratio's spread is multiplicative); and how much the same DAG varies across runs of
 * one scheduler (the real runs' own noise, against which a replay's error is judged).
 *
 * @param pairs pairs compared
 * @param ratio geometric mean over pairs of ours' mean DAG time / DagAware's
 * @param ciLow the 95% interval's lower end (NaN for fewer than two pairs)
 * @param ciHigh its upper end
 * @param spreadPct the largest relative range, over DAGs and schedulers, of one DAG's run time across
 *     runs: (max - min) / median, in percent
 */
record PairedComparison(int pairs, double ratio, double ciLow, double ciHigh, double spreadPct,
    Map<String, Double> meanDagSeconds) {

  static PairedComparison of(List<RunManifest> runs) {
    Map<Integer, Map<String, Double>> byPair = new TreeMap<>();
    for (RunManifest r : runs) {
      byPair.computeIfAbsent(r.pair(), p -> new TreeMap<>()).put(r.scheduler(), meanDagMs(r));
    }
    return ofMeans(byPair, spreadPct(runs));
  }

  /**
   * The comparison from each pair's mean DAG time in ms by scheduler label ({@code spreadPct} as
   * the caller measured it); a pair without both schedulers is left out of the ratio.
   */
  static PairedComparison ofMeans(Map<Integer, Map<String, Double>> byPair, double spreadPct) {
    String ours = SchedulerUnderTest.TEZEXT.label();
    String base = SchedulerUnderTest.DAG_AWARE.label();
    List<Double> logRatios = new ArrayList<>();
    for (Map<String, Double> pair : byPair.values()) {
      if (pair.containsKey(ours) && pair.containsKey(base)) {
        logRatios.add(Math.log(pair.get(ours) / pair.get(base)));
      }
    }
    Interval logs = Interval.of(logRatios.stream().mapToDouble(Double::doubleValue).toArray(), true);
    Map<String, Double> means = new TreeMap<>();
    for (String s : List.of(base, ours)) {
      means.put(s, byPair.values().stream().filter(p -> p.containsKey(s)).mapToDouble(p -> p.get(s))
          .average().orElse(Double.NaN) / 1000.0);
    }
    return new PairedComparison(logRatios.size(), Math.exp(logs.mean()), Math.exp(logs.low()), Math.exp(logs.high()),
        spreadPct, means);
  }

  static double meanDagMs(RunManifest run) {
    return run.dags().stream().mapToLong(RunManifest.DagRun::runtimeMs).average().orElse(Double.NaN);
  }

  /** The largest (max - min) / median of one DAG's run time over the runs of one scheduler, in percent. */
  static double spreadPct(List<RunManifest> runs) {
    Map<String, List<Long>> times = new TreeMap<>();
    for (RunManifest r : runs) {
      for (RunManifest.DagRun d : r.dags()) {
        times.computeIfAbsent(r.scheduler() + " " + d.name(), k -> new ArrayList<>()).add(d.runtimeMs());
      }
    }
    double worst = 0;
    for (List<Long> t : times.values()) {
      if (t.size() < 2) {
        continue;
      }
      List<Long> sorted = t.stream().sorted().toList();
      double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
          : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2.0;
      worst = Math.max(worst, 100.0 * (sorted.get(sorted.size() - 1) - sorted.get(0)) / median);
    }
    return worst;
  }
}
