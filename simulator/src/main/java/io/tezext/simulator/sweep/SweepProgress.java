package io.tezext.simulator.sweep;

/** Hears how far a phase of a sweep has got; the console prints a line per grid point. */
public interface SweepProgress {
  SweepProgress NONE = new SweepProgress() {
    @Override
    public void pointDone(PointResult result, int done, int total) {
    }

    @Override
    public void status(String line) {
    }
  };

  /** A point's result has arrived: {@code done} of {@code total} so far. */
  void pointDone(PointResult result, int done, int total);

  /** An executor's own news (a DAG submitted, tasks running). */
  void status(String line);
}
