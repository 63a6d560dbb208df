package io.tezext.simulator.sweep;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How each setting of one phase did against the baseline on a figure, seed by seed. Each run is
 * made relative to the baseline's mean on its scenario and workload (x / baseline; when the
 * baseline's mean is 0, 1 + x in the figure's own units, so that a setting's score never depends on
 * which other settings are in the grid), averaged over scenarios and workloads per seed, and
 * compared with the baseline seed by seed (paired): the interval is over the per-seed differences,
 * so what a seed does to every setting alike cancels. Whether the seeds change the runs at all is
 * judged on every setting's runs, not the baseline's alone (a baseline that loses no work on any
 * seed says nothing of the others).
 */
public final class PhaseScores {
  /** A case whose baseline figure spreads less than this share over the seeds is one the seeds do not change. */
  static final double SEED_INSENSITIVE = 0.001;

  private final List<Integer> settings;
  private final List<Long> seeds;
  private final Map<Integer, double[]> perSeed = new LinkedHashMap<>();
  private final Map<Integer, Boolean> usable = new HashMap<>();
  private final List<String> seedInsensitiveCases = new ArrayList<>();
  private final int cases;

  /**
   * @param results every result of the phase (any order)
   * @param figure the figure's key
   */
  public PhaseScores(Grid grid, List<PointResult> results, String figure) {
    Map<Integer, Map<String, double[]>> byCase = new LinkedHashMap<>(); // setting -> case -> per seed
    List<Long> seedList = new ArrayList<>();
    List<String> caseList = new ArrayList<>();
    List<Integer> settingList = new ArrayList<>();
    List<PointResult> sorted = new ArrayList<>(results);
    sorted.sort((a, b) -> GridPoint.TABLE_ORDER.compare(a.point(), b.point()));
    for (PointResult r : sorted) {
      GridPoint p = r.point();
      if (!seedList.contains(p.seed())) {
        seedList.add(p.seed());
      }
      String c = caseName(grid, p);
      if (!caseList.contains(c)) {
        caseList.add(c);
      }
      if (!settingList.contains(p.setting())) {
        settingList.add(p.setting());
      }
      usable.merge(p.setting(), r.usable(), Boolean::logicalAnd);
    }
    seedList.sort(Long::compare);
    this.seeds = List.copyOf(seedList);
    this.settings = List.copyOf(settingList);
    this.cases = caseList.size();
    if (!settingList.contains(0)) {
      throw new IllegalArgumentException("the baseline has no results in this phase");
    }
    for (PointResult r : sorted) {
      byCase.computeIfAbsent(r.point().setting(), s -> new LinkedHashMap<>())
          .computeIfAbsent(caseName(grid, r.point()), c -> new double[seeds.size()])
          [seeds.indexOf(r.point().seed())] = r.figure(figure);
    }
    Map<String, double[]> baseline = byCase.get(0);
    for (int s : settingList) {
      double[] scores = new double[seeds.size()];
      for (String c : caseList) {
        double[] base = baseline.get(c);
        double b = Interval.mean(base);
        double scale = b > 0 ? b : 1; // a baseline of 0: differences in the figure's own units
        double[] values = byCase.get(s).get(c);
        for (int i = 0; i < seeds.size(); i++) {
          scores[i] += (1 + (values[i] - b) / scale) / caseList.size();
        }
      }
      perSeed.put(s, scores);
    }
    for (String c : caseList) {
      boolean insensitive = seeds.size() > 1;
      for (Map<String, double[]> setting : byCase.values()) {
        double[] values = setting.get(c);
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double v : values) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
        insensitive &= max - min <= SEED_INSENSITIVE * Math.abs(Interval.mean(values));
      }
      if (insensitive) {
        seedInsensitiveCases.add(c);
      }
    }
  }

  private static String caseName(Grid grid, GridPoint p) {
    return grid.workloads().get(p.workload()).name()
        + (grid.scenarios().size() > 1 ? " on " + grid.scenarioName(p.scenario()) : "");
  }

  /** The settings of the phase, in index order (the baseline first). */
  public List<Integer> settings() {
    return settings;
  }

  public List<Long> seeds() {
    return seeds;
  }

  /** Whether every run of the setting completed with every DAG succeeded. */
  public boolean usable(int setting) {
    return usable.getOrDefault(setting, false);
  }

  /** The setting's figure relative to the baseline's (1 = the same), per seed. */
  public double[] perSeed(int setting) {
    return perSeed.get(setting).clone();
  }

  /** Whether the seeds change the runs at all: false when every case's baseline is (nearly) the same for every seed. */
  public boolean seedsMatter() {
    return seeds.size() > 1 && seedInsensitiveCases.size() < cases;
  }

  /** Cases (workload, and scenario if several) whose runs the seeds barely change. */
  public List<String> seedInsensitiveCases() {
    return List.copyOf(seedInsensitiveCases);
  }

  /** The setting relative to the baseline: the mean over seeds and its interval, from the paired differences. */
  public Interval relative(int setting) {
    return difference(setting, 0).plus(1);
  }

  /** {@code a} minus {@code b} (relative to the baseline), paired by seed. */
  public Interval difference(int a, int b) {
    double[] x = perSeed.get(a);
    double[] y = perSeed.get(b);
    double[] d = new double[x.length];
    for (int i = 0; i < d.length; i++) {
      d[i] = x[i] - y[i];
    }
    return Interval.of(d, seedsMatter());
  }
}
