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
 * @param maxSimulatedMs how long after the last arrival the run may go on before it is stopped as
 *     timed out ({@link Long#MAX_VALUE}: no limit; a hang is detected in any case)
 */
public record RunOptions(boolean checkInvariants, boolean keepRecords, Simulation.ProgressListener progress,
    SchedulerClasses classes, long maxSimulatedMs) {
  public static final RunOptions DEFAULT = new RunOptions(false, true, Simulation.ProgressListener.NONE, null,
      Long.MAX_VALUE);

  public RunOptions withoutRecords() {
    return new RunOptions(checkInvariants, false, progress, classes, maxSimulatedMs);
  }

  public RunOptions checkingInvariants(boolean check) {
    return new RunOptions(check, keepRecords, progress, classes, maxSimulatedMs);
  }

  public RunOptions reportingTo(Simulation.ProgressListener listener) {
    return new RunOptions(checkInvariants, keepRecords, listener, classes, maxSimulatedMs);
  }

  public RunOptions stoppingAfter(long ms) {
    return new RunOptions(checkInvariants, keepRecords, progress, classes, ms);
  }

  public RunOptions sharing(SchedulerClasses shared) {
    return new RunOptions(checkInvariants, keepRecords, progress, shared, maxSimulatedMs);
  }
}
