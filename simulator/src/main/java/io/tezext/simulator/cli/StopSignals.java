package io.tezext.simulator.cli;

import io.tezext.simulator.run.StopSignal;

/**
 * Tells which signal stops the command: the JVM runs the same shutdown hooks for SIGTERM and for
 * Ctrl-C (SIGINT) and exits with 128 + the signal's number (143 and 130), so without this the
 * command could only guess which one to name. Each handler notes its signal in the
 * {@link StopSignal} and then hands it to the JVM's own handler, which starts the shutdown as
 * before.
 */
final class StopSignals {
  private StopSignals() {
  }

  /** Installs the handlers; where the platform has no such signals, the stop is named SIGTERM. */
  static void nameTheSignal(StopSignal stop) {
    name(stop, "INT", "SIGINT, Ctrl-C", TezextSim.INTERRUPTED);
    name(stop, "TERM", "SIGTERM", TezextSim.STOPPED);
  }

  @SuppressWarnings("sunapi") // sun.misc.Signal (jdk.unsupported) is the JDK's only way to tell signals apart
  private static void name(StopSignal stop, String signal, String named, int exitCode) {
    try {
      sun.misc.Signal sig = new sun.misc.Signal(signal);
      sun.misc.SignalHandler[] jvms = new sun.misc.SignalHandler[1];
      jvms[0] = sun.misc.Signal.handle(sig, s -> {
        stop.request(named, exitCode);
        if (jvms[0] == sun.misc.SignalHandler.SIG_DFL) {
          Runtime.getRuntime().exit(exitCode); // what the default would do, with the hooks
        } else {
          jvms[0].handle(s);
        }
      });
      if (jvms[0] == sun.misc.SignalHandler.SIG_IGN) {
        sun.misc.Signal.handle(sig, sun.misc.SignalHandler.SIG_IGN); // ignored (nohup, a background job): kept so
      }
    } catch (IllegalArgumentException e) {
      // not a signal here, or the JVM's to keep (-Xrs): the shutdown hook still stops the runs
    }
  }
}
