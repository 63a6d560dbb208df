package io.tezext.simulator.run;

/** A run ended early because its {@link StopSignal} was requested; it has no result. */
public final class RunStoppedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RunStoppedException() {
    super("stopped before the runs ended");
  }

  /** What a command stopped by {@code stop} says. */
  public static String message(StopSignal stop) {
    return "stopped (" + stop.signal() + ") before the runs ended";
  }
}
