package io.tezext.simulator.sweep;

import java.util.Locale;

/**
 * One run of a sweep: a setting on a scenario, a workload and a seed. Its id names it in every
 * table and on the wire; an executor returns exactly one result per id.
 *
 * @param phase {@link Phase#TUNE} points choose the best setting; {@link Phase#CONFIRM} points check
 *     it on held-out seeds or workloads
 * @param setting index into the grid's settings
 * @param scenario index into the grid's scenarios
 * @param workload index into the grid's workloads (held-out ones follow the tuning ones)
 * @param seed the run's seed (scenario failures, synthetic workloads, replica placement)
 */
public record GridPoint(Phase phase, int setting, int scenario, int workload, long seed) {

  /** What a point is for. */
  public enum Phase {
    TUNE, CONFIRM;

    public String tableName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** {@code s03-c0-w1-seed7}: unique within a sweep (held-out seeds and workloads differ from tuning ones). */
  public String id() {
    return Setting.id(setting) + "-c" + scenario + "-w" + workload + "-seed" + seed;
  }

  /** Runs that share their inputs (scenario, workload, seed) sort together, settings innermost. */
  public static final java.util.Comparator<GridPoint> BY_INPUTS = java.util.Comparator
      .comparingInt(GridPoint::scenario).thenComparingInt(GridPoint::workload).thenComparingLong(GridPoint::seed)
      .thenComparingInt(GridPoint::setting);

  /** The order of every table: phase, setting, scenario, workload, seed. */
  public static final java.util.Comparator<GridPoint> TABLE_ORDER = java.util.Comparator
      .comparing(GridPoint::phase).thenComparingInt(GridPoint::setting).thenComparingInt(GridPoint::scenario)
      .thenComparingInt(GridPoint::workload).thenComparingLong(GridPoint::seed);
}
