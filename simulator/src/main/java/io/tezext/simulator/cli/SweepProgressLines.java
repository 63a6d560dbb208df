package io.tezext.simulator.cli;

import java.io.PrintWriter;
import java.util.Locale;

import io.tezext.simulator.sweep.Grid;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.Setting;
import io.tezext.simulator.sweep.SweepProgress;

/** A console line per finished grid point, and the executor's news, on the error stream. */
final class SweepProgressLines implements SweepProgress {
  private final Grid grid;
  private final PrintWriter console;
  private final String phase;
  private final boolean quiet;

  SweepProgressLines(Grid grid, PrintWriter console, String phase, boolean quiet) {
    this.grid = grid;
    this.console = console;
    this.phase = phase;
    this.quiet = quiet;
  }

  @Override
  public synchronized void pointDone(PointResult r, int done, int total) {
    if (quiet) {
      return;
    }
    Setting s = grid.settings().get(r.point().setting());
    String figure = grid.objective().figure();
    console.println(String.format(Locale.ROOT, "%s [%" + width(total) + "d/%d] %-24s %s %s %s%s", phase, done, total,
        r.point().id(), grid.objective().gridName(), r.figures().get(figure), s.description(),
        r.end().equals("COMPLETED") ? "" : " (" + r.end().toLowerCase(Locale.ROOT) + ")"));
    console.flush();
  }

  @Override
  public synchronized void status(String line) {
    if (!quiet) {
      console.println(phase + " " + line);
      console.flush();
    }
  }

  private static int width(int total) {
    return String.valueOf(total).length();
  }
}
