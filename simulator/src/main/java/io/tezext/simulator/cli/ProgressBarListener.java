package io.tezext.simulator.cli;

import java.util.Locale;
import java.time.Duration;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import io.tezext.simulator.metrics.WallClock;
import io.tezext.simulator.run.Simulation;

/**
 * A progress bar on stderr for runs that take more than a couple of seconds: DAGs done of all, and
 * the simulated clock. Short runs print nothing. Reads the wall clock only to decide when to draw.
 */
final class ProgressBarListener implements Simulation.ProgressListener, AutoCloseable {
  private static final long SHOW_AFTER_NANOS = 2_000_000_000L;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final String label;
  private final long startNanos = WallClock.nanos();
  private long lastDraw;
  private int calls;
  private ProgressBar bar;

  ProgressBarListener(String label) {
    this.label = label;
  }

  @Override
  public void update(long virtualNowMs, int dagsDone, int dagsTotal) {
    if ((++calls & 0x3FF) != 0 && dagsDone < dagsTotal) {
      return; // reading the clock every event would cost more than the bar is worth
    }
    long now = WallClock.nanos();
    if (bar == null) {
      if (now - startNanos < SHOW_AFTER_NANOS) {
        return;
      }
      bar = new ProgressBarBuilder()
          .setTaskName(label)
          .setInitialMax(dagsTotal)
          .setUnit(" DAGs", 1)
          .setStyle(ProgressBarStyle.ASCII)
          .setConsumer(new ConsoleProgressBarConsumer(System.err))
          .setUpdateIntervalMillis(200)
          .build();
    }
    if (now - lastDraw >= REDRAW_NANOS || dagsDone == dagsTotal) {
      lastDraw = now;
      bar.stepTo(dagsDone);
      bar.setExtraMessage("simulated " + Duration.ofMillis(virtualNowMs).toString().substring(2).toLowerCase(Locale.ROOT));
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
