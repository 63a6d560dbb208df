package io.tezext.simulator.run;

/**
 * A request from outside a run to stop it (the command got SIGTERM). Runs look at it after every
 * event and end with {@link RunStoppedException}; a stopped run leaves no report. What a command
 * must undo if it cannot unwind in time (its staged reports) is registered with {@link #onStop}.
 */
public class StopSignal {
  /** Never requested: runs go to their end. */
  public static final StopSignal NEVER = new StopSignal();

  private volatile boolean requested;
  private final java.util.List<Runnable> cleanups = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** {@code cleanup} runs from {@link #cleanUp()}, when the command did not unwind in time. */
  public void onStop(Runnable cleanup) {
    if (this != NEVER) {
      cleanups.add(cleanup);
    }
  }

  /** Runs the registered cleanups (each must be safe to run beside the command's own unwinding). */
  public void cleanUp() {
    cleanups.forEach(Runnable::run);
  }

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
