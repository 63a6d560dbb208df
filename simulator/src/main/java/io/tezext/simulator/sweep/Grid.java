package io.tezext.simulator.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A checked grid: what to run and how to judge it. Points are settings x scenarios x workloads x
 * seeds, each run once; setting 0 is the baseline every other is compared with.
 *
 * @param name the grid's name (its file's, unless it names itself)
 * @param scenarios scenario files
 * @param workloads the tuning workloads, then the held-out ones ({@code heldOutWorkloads} of them)
 * @param heldOutWorkloads how many of {@code workloads}, at the end, are held out for confirmation
 * @param settings the baseline, then every combination of the swept keys of each scheduler
 * @param seeds the tuning seeds
 * @param heldOutSeeds the seeds the pick is confirmed on
 * @param objective what to minimize (or maximize)
 * @param constraints limits the pick must meet
 * @param swept the swept keys, for charts of the objective against each
 */
public record Grid(String name, List<Path> scenarios, List<GridWorkload> workloads, int heldOutWorkloads,
    List<Setting> settings, List<Long> seeds, List<Long> heldOutSeeds, Objective objective,
    List<Constraint> constraints, List<SweptKey> swept) {

  public Grid {
    scenarios = List.copyOf(scenarios);
    workloads = List.copyOf(workloads);
    settings = List.copyOf(settings);
    seeds = List.copyOf(seeds);
    heldOutSeeds = List.copyOf(heldOutSeeds);
    constraints = List.copyOf(constraints);
    swept = List.copyOf(swept);
  }

  public Setting baseline() {
    return settings.get(0);
  }

  /** Indices of the workloads the settings are tuned on. */
  public List<Integer> tuningWorkloads() {
    List<Integer> w = new ArrayList<>();
    for (int i = 0; i < workloads.size() - heldOutWorkloads; i++) {
      w.add(i);
    }
    return w;
  }

  /** Indices of the workloads the pick is confirmed on: the held-out ones, or the tuning ones if none. */
  public List<Integer> confirmingWorkloads() {
    if (heldOutWorkloads == 0) {
      return tuningWorkloads();
    }
    List<Integer> w = new ArrayList<>();
    for (int i = workloads.size() - heldOutWorkloads; i < workloads.size(); i++) {
      w.add(i);
    }
    return w;
  }

  /** The seeds the pick is confirmed on: the held-out ones, or the tuning ones if none. */
  public List<Long> confirmingSeeds() {
    return heldOutSeeds.isEmpty() ? seeds : heldOutSeeds;
  }

  /** Every tuning point: each setting on each scenario, tuning workload and seed, in table order. */
  public List<GridPoint> tunePoints() {
    List<GridPoint> points = new ArrayList<>();
    for (Setting s : settings) {
      points.addAll(points(GridPoint.Phase.TUNE, s.index(), tuningWorkloads(), seeds));
    }
    return points;
  }

  /**
   * The confirmation points of {@code candidates} (setting indices; the baseline is always among
   * them): each on each scenario, on the held-out workloads or seeds.
   */
  public List<GridPoint> confirmPoints(List<Integer> candidates) {
    Set<Integer> chosen = new LinkedHashSet<>();
    chosen.add(0);
    chosen.addAll(candidates);
    List<GridPoint> points = new ArrayList<>();
    for (int s : chosen.stream().sorted().toList()) {
      points.addAll(points(GridPoint.Phase.CONFIRM, s, confirmingWorkloads(), confirmingSeeds()));
    }
    return points;
  }

  private List<GridPoint> points(GridPoint.Phase phase, int setting, List<Integer> workloadIndices, List<Long> seedList) {
    List<GridPoint> points = new ArrayList<>();
    for (int c = 0; c < scenarios.size(); c++) {
      for (int w : workloadIndices) {
        for (long seed : seedList) {
          points.add(new GridPoint(phase, setting, c, w, seed));
        }
      }
    }
    return points;
  }

  /** How a table names a scenario: its file name. */
  public String scenarioName(int index) {
    return scenarios.get(index).getFileName().toString();
  }
}
