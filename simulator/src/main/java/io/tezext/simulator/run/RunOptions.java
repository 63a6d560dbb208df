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
 * @param stop asked after every event: once requested, the run ends with {@link RunStoppedException}
 */
public record RunOptions(boolean checkInvariants, boolean keepRecords, Simulation.ProgressListener progress,
    SchedulerClasses classes, long maxSimulatedMs, StopSignal stop) {
  public static final RunOptions DEFAULT = new RunOptions(false, true, Simulation.ProgressListener.NONE, null,
      Long.MAX_VALUE, StopSignal.NEVER);

  public RunOptions withoutRecords() {
    return new RunOptions(checkInvariants, false, progress, classes, maxSimulatedMs, stop);
  }

  public RunOptions checkingInvariants(boolean check) {
    return new RunOptions(check, keepRecords, progress, classes, maxSimulatedMs, stop);
  }

  public RunOptions reportingTo(Simulation.ProgressListener listener) {
    return new RunOptions(checkInvariants, keepRecords, listener, classes, maxSimulatedMs, stop);
  }

  public RunOptions stoppingAfter(long ms) {
    return new RunOptions(checkInvariants, keepRecords, progress, classes, ms, stop);
  }

  public RunOptions sharing(SchedulerClasses shared) {
    return new RunOptions(checkInvariants, keepRecords, progress, shared, maxSimulatedMs, stop);
  }

  /** A run that ends with {@link RunStoppedException} at its next event once {@code signal} is requested. */
  public RunOptions stoppingOn(StopSignal signal) {
    return new RunOptions(checkInvariants, keepRecords, progress, classes, maxSimulatedMs, signal);
  }
}
