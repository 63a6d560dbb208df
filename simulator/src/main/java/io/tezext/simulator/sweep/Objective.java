package io.tezext.simulator.sweep;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a sweep optimizes, or constrains: one of a run's figures ({@code RunFigures}), by the name a
 * grid file uses, and whether lower is better.
 */
public enum Objective {
  DAG_MEAN("dag-mean", "dag_mean_s", "mean DAG completion time", "s", true),
  DAG_P95("dag-p95", "dag_p95_s", "p95 DAG completion time", "s", true),
  MAKESPAN("makespan", "makespan_s", "makespan", "s", true),
  WORK_LOST("work-lost", "work_lost_task_s", "work lost", "task-s", true),
  NODE_LOCAL("node-local", "node_local", "node-local share", "", false);

  private final String gridName;
  private final String figure;
  private final String label;
  private final String unit;
  private final boolean lowerIsBetter;

  Objective(String gridName, String figure, String label, String unit, boolean lowerIsBetter) {
    this.gridName = gridName;
    this.figure = figure;
    this.label = label;
    this.unit = unit;
    this.lowerIsBetter = lowerIsBetter;
  }

  /** The name a grid file uses. */
  public String gridName() {
    return gridName;
  }

  /** The key of the figure in a run's results ({@code RunFigures}). */
  public String figure() {
    return figure;
  }

  public String label() {
    return label;
  }

  public String unit() {
    return unit;
  }

  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /** Whether {@code a} is better than {@code b} for this objective (strictly). */
  public boolean better(double a, double b) {
    return lowerIsBetter ? a < b : a > b;
  }

  /** Looks an objective up by its grid name; the error lists the names. */
  public static Objective fromGridName(String name) {
    for (Objective o : values()) {
      if (o.gridName.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return o;
      }
    }
    throw new IllegalArgumentException("'" + name + "' is not an objective; expected one of " + names());
  }

  static String names() {
    return Arrays.stream(values()).map(Objective::gridName).collect(Collectors.joining(", "));
  }
}
