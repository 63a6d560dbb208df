package io.tezext.simulator.sweep;

import java.io.IOException;
import java.util.List;

/**
 * Runs grid points somewhere: on this machine ({@link LocalSweepExecutor}) or as a Tez DAG on a
 * cluster. Whatever the executor, each point's result is the same bytes ({@link PointResult#line()}):
 * executors only decide where points run, and return exactly one result per point, in the order given.
 */
public interface SweepExecutor extends AutoCloseable {
  /**
   * Runs {@code points} (all of one phase) and returns their results in the same order.
   *
   * @param progress told as points finish
   */
  List<PointResult> run(SweepInputs inputs, List<GridPoint> points, SweepProgress progress) throws IOException;

  /** What the console calls it: {@code local (2 threads)}, {@code tez (application ...)}. */
  String describe();

  @Override
  default void close() throws IOException {
  }

  /** Results in the order of {@code points}, one per point: missing or extra results are an error naming them. */
  static List<PointResult> inOrder(List<GridPoint> points, java.util.Collection<PointResult> results, String where) {
    java.util.Map<String, PointResult> byId = new java.util.HashMap<>();
    for (PointResult r : results) {
      if (byId.put(r.point().id(), r) != null) {
        throw new IllegalStateException(where + " returned grid point " + r.point().id() + " twice");
      }
    }
    List<PointResult> ordered = new java.util.ArrayList<>(points.size());
    List<String> missing = new java.util.ArrayList<>();
    for (GridPoint p : points) {
      PointResult r = byId.remove(p.id());
      if (r == null) {
        missing.add(p.id());
      } else if (!r.point().equals(p)) {
        throw new IllegalStateException(where + " returned " + r.point() + " for grid point " + p);
      } else {
        ordered.add(r);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(where + " returned no result for " + missing.size() + " grid points ("
          + String.join(", ", missing.subList(0, Math.min(5, missing.size()))) + (missing.size() > 5 ? ", ..." : "")
          + ")");
    }
    if (!byId.isEmpty()) {
      throw new IllegalStateException(where + " returned results for grid points it was not given: "
          + new java.util.TreeSet<>(byId.keySet()));
    }
    return ordered;
  }
}
