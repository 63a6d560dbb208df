package io.tezext.simulator.run;

import java.util.function.BooleanSupplier;

import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.metrics.RunRecorder;

/**
 * Watches a run for a hang: tasks waiting for containers while no task does any work and nothing is
 * allocated, started or finished for {@link #HANG_MS} of simulated time; or, once every DAG has
 * arrived, nothing working or happening for that long with DAGs unfinished. A task that holds a
 * container only to wait for a producer's output that cannot come (its producer waits for a
 * container) does no work: that is the deadlock preemption exists to break. A scheduler that hangs
 * would otherwise keep the simulation heartbeating forever; this ends the run instead, and says so.
 * It looks every {@link #CHECK_EVERY_MS}, so a hang is called at most that much late.
 */
final class HangWatch {
  static final long HANG_MS = 3_600_000;
  static final long CHECK_EVERY_MS = 60_000;

  private final EventLoop loop;
  private final RunRecorder recorder;
  private long lastProgress = -1;
  private long quietSinceMs;
  private long hungAtMs = -1;

  private final BooleanSupplier allArrived;

  HangWatch(EventLoop loop, RunRecorder recorder, BooleanSupplier allArrived) {
    this.loop = loop;
    this.recorder = recorder;
    this.allArrived = allArrived;
  }

  /** Starts watching at {@code fromMs}, while {@code running} says the run goes on. */
  void start(long fromMs, BooleanSupplier running) {
    quietSinceMs = fromMs;
    loop.at(fromMs, Phase.SAMPLE, () -> check(running));
  }

  private void check(BooleanSupplier running) {
    long now = loop.now();
    boolean quiet = recorder.progress() == lastProgress && recorder.workingTasks() == 0
        && (recorder.waitingAttempts() > 0 || allArrived.getAsBoolean());
    if (!quiet) {
      lastProgress = recorder.progress();
      quietSinceMs = now;
    } else if (now - quietSinceMs >= HANG_MS) {
      hungAtMs = now;
      return;
    }
    if (running.getAsBoolean()) {
      loop.after(CHECK_EVERY_MS, Phase.SAMPLE, () -> check(running));
    }
  }

  boolean hung() {
    return hungAtMs >= 0;
  }
}
