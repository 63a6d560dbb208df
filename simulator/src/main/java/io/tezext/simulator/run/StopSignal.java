package io.tezext.simulator.run;

/**
 * A request from outside a run to stop it (the command got SIGTERM). Runs look at it after every
 * event and end with {@link RunStoppedException}; a stopped run leaves no report.
 */
public class StopSignal {
  /** Never requested: runs go to their end. */
  public static final StopSignal NEVER = new StopSignal();

  private volatile boolean requested;

  /** Asks every run watching this signal to stop at its next event. */
  public void request() {
    if (this == NEVER) {
      throw new IllegalStateException("StopSignal.NEVER cannot be requested");
    }
    requested = true;
  }

  /** Whether a stop was requested; runs ask after every event. */
  public boolean requested() {
    return requested;
  }

  /** Throws {@link RunStoppedException} if a stop was requested. */
  public void check() {
    if (requested()) {
      throw new RunStoppedException();
    }
  }
}
