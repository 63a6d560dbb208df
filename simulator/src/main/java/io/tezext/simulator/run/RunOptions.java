package io.tezext.simulator.run;

import io.tezext.simulator.scheduler.SchedulerClasses;

/**
 * How a run is watched, what it keeps, and where its scheduler's classes come from.
 *
 * @param checkInvariants check the simulator's invariants after every event (slower; tests)
 * @param keepRecords keep a record of every attempt and container, for reports that list or draw
 *     them; a benchmark replaying millions of tasks keeps only counters and DAG records
 * @param progress hears how far the run has got
 * @param classes the scheduler classes to share with other runs on the same cluster, or null for
 *     the run's own
 */
public record RunOptions(boolean checkInvariants, boolean keepRecords, Simulation.ProgressListener progress,
    SchedulerClasses classes) {
  public static final RunOptions DEFAULT = new RunOptions(false, true, Simulation.ProgressListener.NONE, null);

  public RunOptions withoutRecords() {
    return new RunOptions(checkInvariants, false, progress, classes);
  }

  public RunOptions checkingInvariants(boolean check) {
    return new RunOptions(check, keepRecords, progress, classes);
  }

  public RunOptions reportingTo(Simulation.ProgressListener listener) {
    return new RunOptions(checkInvariants, keepRecords, listener, classes);
  }

  public RunOptions sharing(SchedulerClasses shared) {
    return new RunOptions(checkInvariants, keepRecords, progress, shared);
  }
}
