package io.tezext.simulator.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import io.tezext.simulator.metrics.WallClock;
import io.tezext.simulator.run.Simulation;

/**
 * One progress bar on stderr for the runs of a command, however many run at once: DAGs done across
 * all runs, and the slowest run's simulated clock. Commands that take under two seconds print
 * nothing. Reads the wall clock only to decide when to draw.
 */
final class RunsProgressBar implements AutoCloseable {
  private static final long SHOW_AFTER_NANOS = 2_000_000_000L;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final int runs;
  private final int dagsPerRun;
  private final AtomicIntegerArray dagsDone;
  private final AtomicLongArray simulatedMs;
  private final long startNanos = WallClock.nanos();
  private final AtomicLong lastDraw = new AtomicLong();
  private ProgressBar bar;

  RunsProgressBar(int runs, int dagsPerRun) {
    this.runs = runs;
    this.dagsPerRun = dagsPerRun;
    this.dagsDone = new AtomicIntegerArray(runs);
    this.simulatedMs = new AtomicLongArray(runs);
    for (int i = 0; i < runs; i++) {
      simulatedMs.set(i, -1); // not reported yet
    }
  }

  /** The listener run {@code index} reports to. */
  Simulation.ProgressListener forRun(int index) {
    int[] calls = new int[1];
    return (virtualNowMs, done, total) -> {
      if ((++calls[0] & 0x3FF) != 0 && done < total) {
        return; // reading the clock every event would cost more than the bar is worth
      }
      dagsDone.set(index, done);
      simulatedMs.set(index, virtualNowMs);
      maybeDraw();
    };
  }

  private void maybeDraw() {
    long now = WallClock.nanos();
    long last = lastDraw.get();
    if (now - startNanos < SHOW_AFTER_NANOS || now - last < REDRAW_NANOS || !lastDraw.compareAndSet(last, now)) {
      return;
    }
    synchronized (this) {
      if (bar == null) {
        bar = new ProgressBarBuilder()
            .setTaskName(runs == 1 ? "simulating" : "simulating " + runs + " runs")
            .setInitialMax((long) runs * dagsPerRun)
            .setUnit(" DAGs", 1)
            .setStyle(ProgressBarStyle.ASCII)
            .setConsumer(new ConsoleProgressBarConsumer(System.err))
            .setUpdateIntervalMillis(200)
            .build();
      }
      long done = 0;
      long slowest = Long.MAX_VALUE;
      for (int i = 0; i < runs; i++) {
        done += dagsDone.get(i);
        if (dagsDone.get(i) < dagsPerRun && simulatedMs.get(i) >= 0) {
          slowest = Math.min(slowest, simulatedMs.get(i));
        }
      }
      bar.stepTo(done);
      if (slowest != Long.MAX_VALUE) {
        bar.setExtraMessage("simulated " + Duration.ofMillis(slowest).toString().substring(2).toLowerCase(Locale.ROOT));
      }
    }
  }

  @Override
  public synchronized void close() {
    if (bar != null) {
      long done = 0;
      for (int i = 0; i < runs; i++) {
        done += dagsDone.get(i);
      }
      bar.stepTo(done);
      bar.close();
      bar = null;
    }
  }
}
