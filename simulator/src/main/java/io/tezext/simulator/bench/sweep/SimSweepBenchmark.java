package io.tezext.simulator.bench.sweep;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.tezext.simulator.bench.BenchArgs;
import io.tezext.simulator.metrics.WallClock;
import io.tezext.simulator.run.StopSignal;
import io.tezext.simulator.sweep.Grid;
import io.tezext.simulator.sweep.GridFile;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.LocalSweepExecutor;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.SweepInputs;
import io.tezext.simulator.sweep.SweepProgress;

/**
 * {@code bench/run sim-sweep [GRID]}: the tuning points of a grid (by default
 * {@code simulator/scenarios/sweep-example.json}) run {@code --on local} with one thread, then with
 * one per core; how much faster the pool is, and that both gave the same bytes for every point.
 * The baseline is the serial sweep.
 */
public final class SimSweepBenchmark {
  private SimSweepBenchmark() {
  }

  public static void main(String[] args) throws java.io.IOException {
    if (args.length > 1) {
      System.err.println("usage: bench/run sim-sweep [GRID]: takes at most one argument");
      System.exit(2);
    }
    Path gridFile = args.length == 1 ? Path.of(args[0])
        : Path.of(BenchArgs.projectRoot(), "simulator", "scenarios", "sweep-example.json");
    PrintWriter out = BenchArgs.out();
    Grid grid = GridFile.read(gridFile);
    List<GridPoint> points = grid.tunePoints();
    int threads = Runtime.getRuntime().availableProcessors();
    PrintWriter quiet = new PrintWriter(new StringWriter());
    out.println("sim-sweep: " + gridFile + ", " + points.size() + " grid points; a warm-up point, then 1 thread, then "
        + threads);
    // the schedulers' warnings are counted, not printed: they would bury the figures
    try (io.tezext.simulator.run.SchedulerLog log = new io.tezext.simulator.run.SchedulerLog(null)) {
      measure(out, grid, points, threads, quiet);
    }
  }

  private static void measure(PrintWriter out, Grid grid, List<GridPoint> points, int threads, PrintWriter quiet) {
    new LocalSweepExecutor(1, quiet, StopSignal.NEVER).run(SweepInputs.of(grid), points.subList(0, 1),
        SweepProgress.NONE);
    long t0 = WallClock.nanos();
    List<PointResult> serial = new LocalSweepExecutor(1, quiet, StopSignal.NEVER).run(SweepInputs.of(grid), points,
        SweepProgress.NONE);
    long t1 = WallClock.nanos();
    List<PointResult> parallel = new LocalSweepExecutor(threads, quiet, StopSignal.NEVER).run(SweepInputs.of(grid),
        points, SweepProgress.NONE);
    long t2 = WallClock.nanos();
    boolean identical = serial.stream().map(PointResult::line).toList()
        .equals(parallel.stream().map(PointResult::line).toList());
    double serialS = (t1 - t0) / 1e9;
    double parallelS = (t2 - t1) / 1e9;
    out.println(String.format(Locale.ROOT, "serial %.1f s, %d threads %.1f s, speedup %.2fx; results identical: %s",
        serialS, threads, parallelS, serialS / parallelS, identical));
    out.println(String.format(Locale.ROOT, "{\"benchmark\":\"sim-sweep\",\"grid_points\":%d,\"serial_s\":%.2f,"
        + "\"parallel_s\":%.2f,\"speedup\":%.2f,\"threads\":%d,\"identical\":%s}", points.size(), serialS, parallelS,
        serialS / parallelS, threads, identical));
    if (!identical) {
      System.exit(1);
    }
  }
}
