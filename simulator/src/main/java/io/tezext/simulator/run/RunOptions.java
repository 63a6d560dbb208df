package io.tezext.simulator.run;

/**
 * How a run is watched and what it keeps.
 *
 * @param checkInvariants check the simulator's invariants after every event (slower; tests)
 * @param keepRecords keep a record of every attempt and container, for reports that list or draw
 *     them; a benchmark replaying millions of tasks keeps only counters and DAG records
 * @param progress hears how far the run has got
 */
public record RunOptions(boolean checkInvariants, boolean keepRecords, Simulation.ProgressListener progress) {
  public static final RunOptions DEFAULT = new RunOptions(false, true, Simulation.ProgressListener.NONE);

  public RunOptions withoutRecords() {
    return new RunOptions(checkInvariants, false, progress);
  }
}
