package io.tezext.simulator.run;

/**
 * A request from outside a run to stop it (the command got SIGTERM, or SIGINT from Ctrl-C). Runs look at it after every
 * event and end with {@link RunStoppedException}; a stopped run leaves no report. What a command
 * must undo if it cannot unwind in time (its staged reports) is registered with {@link #onStop}.
 */
public class StopSignal {
  /** Never requested: runs go to their end. */
  public static final StopSignal NEVER = new StopSignal();

  private volatile boolean requested;
  private volatile String signal = "SIGTERM";
  private volatile int exitCode = 128 + 15;
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

  /** Asks every run watching this signal to stop at its next event, as SIGTERM does. */
  public void request() {
    request("SIGTERM", 128 + 15);
  }

  /**
   * Asks every run watching this signal to stop at its next event, because of {@code signal}; the
   * command then exits with {@code exitCode} (a shell reports 128 + the signal's number).
   */
  public void request(String signal, int exitCode) {
    if (this == NEVER) {
      throw new IllegalStateException("StopSignal.NEVER cannot be requested");
    }
    this.signal = signal;
    this.exitCode = exitCode;
    requested = true;
  }

  /** What asked for the stop, as the message names it ({@code SIGTERM}, {@code SIGINT, Ctrl-C}). */
  public String signal() {
    return signal;
  }

  /** The exit code of a command stopped so. */
  public int exitCode() {
    return exitCode;
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
