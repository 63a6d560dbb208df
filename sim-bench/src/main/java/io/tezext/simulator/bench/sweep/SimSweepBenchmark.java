package io.tezext.simulator.bench.sweep;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.tezext.benchkit.AlternatingTiming;
import io.tezext.benchkit.AlternatingTiming.Contender;
import io.tezext.benchkit.AlternatingTiming.Timings;
import io.tezext.benchkit.BenchResult;
import io.tezext.simulator.bench.BenchArgs;
import io.tezext.simulator.metrics.WallClock;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.run.StopSignal;
import io.tezext.simulator.sweep.Grid;
import io.tezext.simulator.sweep.GridFile;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.LocalSweepExecutor;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.SweepInputs;
import io.tezext.simulator.sweep.SweepProgress;

/**
 * {@code bench/run sim-sweep [GRID] [--rounds N]}: the tuning points of a grid (by default
 * {@code simulator/scenarios/sweep-example.json}) run {@code --on local} with one thread and with
 * one per core, each once untimed and then in alternating rounds ({@link AlternatingTiming}); how
 * much faster the pool is (the ratio of the medians), and that every run gave the same bytes for
 * every point. The baseline is the serial sweep.
 */
public final class SimSweepBenchmark {
  private static final String USAGE = "usage: bench/run sim-sweep [GRID] [--rounds N]";
  private static final int DEFAULT_ROUNDS = 3;

  private SimSweepBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Path gridFile = Path.of(BenchArgs.projectRoot(), "simulator", "scenarios", "sweep-example.json");
    int rounds = DEFAULT_ROUNDS;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--rounds") && i + 1 < args.length) {
        rounds = parseRounds(args[++i]);
      } else if (!args[i].startsWith("-") && i == 0) {
        gridFile = Path.of(args[i]);
      } else {
        System.err.println(USAGE + ": unexpected argument '" + args[i] + "'");
        System.exit(2);
      }
    }
    PrintWriter out = BenchArgs.out();
    Grid grid = GridFile.read(gridFile);
    List<GridPoint> points = grid.tunePoints();
    int threads = Runtime.getRuntime().availableProcessors();
    out.println("sim-sweep: " + gridFile + ", " + points.size() + " grid points; 1 thread and " + threads
        + ", each once untimed, then " + rounds + " alternating rounds");
    // the schedulers' warnings are counted, not printed: they would bury the figures
    try (SchedulerLog log = new SchedulerLog(null)) {
      measure(out, grid, points, threads, rounds);
    }
  }

  private static int parseRounds(String text) {
    try {
      int rounds = Integer.parseInt(text);
      if (rounds >= 1) {
        return rounds;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println(USAGE + ": --rounds takes a whole number of at least 1, got '" + text + "'");
    System.exit(2);
    return 0;
  }

  private static void measure(PrintWriter out, Grid grid, List<GridPoint> points, int threads, int rounds)
      throws Exception {
    PrintWriter quiet = new PrintWriter(new StringWriter());
    Map<String, Timings<List<String>>> t = new AlternatingTiming(WallClock::nanos, rounds).time(List.of(
        Contender.of("serial", () -> sweep(grid, points, 1, quiet)),
        Contender.of("parallel", () -> sweep(grid, points, threads, quiet))),
        (who, round, seconds, lines) -> out.println(String.format(Locale.ROOT, "  round %d %-8s %6.1f s", round + 1,
            who, seconds)));
    Timings<List<String>> serial = t.get("serial");
    Timings<List<String>> parallel = t.get("parallel");
    List<String> first = serial.results().get(0);
    boolean identical = serial.results().stream().allMatch(first::equals)
        && parallel.results().stream().allMatch(first::equals);
    double speedup = serial.median() / parallel.median();
    out.println(String.format(Locale.ROOT, "serial %.1f s (%.1f-%.1f), %d threads %.1f s (%.1f-%.1f), medians of %d "
        + "rounds, speedup %.2fx; results identical: %s", serial.median(), serial.min(), serial.max(), threads,
        parallel.median(), parallel.min(), parallel.max(), rounds, speedup, identical));
    BenchResult.of("sim-sweep").put("grid_points", points.size()).put("serial_s", serial.median(), 2)
        .put("parallel_s", parallel.median(), 2).put("speedup", speedup, 2).put("threads", threads)
        .put("rounds", rounds).put("serial_spread_pct", serial.spreadPct(), 1)
        .put("parallel_spread_pct", parallel.spreadPct(), 1).put("identical", identical).print(out);
    if (!identical) {
      System.exit(1);
    }
  }

  /** One sweep of the points; what it wrote for each point, in order. */
  private static List<String> sweep(Grid grid, List<GridPoint> points, int threads, PrintWriter quiet) {
    return new LocalSweepExecutor(threads, quiet, StopSignal.NEVER).run(SweepInputs.of(grid), points,
        SweepProgress.NONE).stream().map(PointResult::line).toList();
  }
}
