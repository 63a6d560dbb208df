package io.tezext.simulator.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.report.html.SweepHtmlReport;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.sweep.Grid;
import io.tezext.simulator.sweep.GridFile;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.LocalSweepExecutor;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.PointRunner;
import io.tezext.simulator.sweep.Recommendation;
import io.tezext.simulator.sweep.RecommendationText;
import io.tezext.simulator.sweep.Recommender;
import io.tezext.simulator.sweep.SweepExecutor;
import io.tezext.simulator.sweep.SweepFiles;
import io.tezext.simulator.sweep.SweepInputs;
import io.tezext.simulator.sweep.TezVersion;
import io.tezext.simulator.sweep.tez.TezSweepExecutor;

/**
 * {@code sweep}: runs a grid of scheduler settings (docs/simulator-sweeps.md) on this machine or as
 * a Tez DAG on a cluster, and recommends the best, confirmed on held-out runs, with its
 * {@code tez-site.xml} lines.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Run a grid of scheduler settings x seeds x workloads x scenarios and recommend the best.")
final class SweepCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @ParentCommand
  TezextSim top;

  @Option(names = "--grid", required = true, paramLabel = "FILE",
      description = "Grid file: scenarios, workloads, schedulers and the keys to vary, seeds, objective "
          + "(docs/simulator-sweeps.md).")
  Path grid;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "Directory for the results table, the recommendation and report.html.")
  Path out;

  @Option(names = "--overwrite", description = "Replace the results already in --out DIR (never other files).")
  boolean overwrite;

  @Option(names = "--on", defaultValue = "local", paramLabel = "local|tez",
      description = "Where the runs go: local (this machine, default) or tez (a Tez DAG on the cluster of your "
          + "configuration).")
  String on;

  @Option(names = "--threads", paramLabel = "N",
      description = "--on local: runs at once (default: one per core). Results do not depend on it.")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--conf", paramLabel = "FILE",
      description = "--on tez: a Hadoop or Tez configuration file (core-site.xml, yarn-site.xml, tez-site.xml); "
          + "may be given several times. $HADOOP_CONF_DIR and $TEZ_CONF_DIR are read too.")
  List<Path> confFiles = new ArrayList<>();

  @Option(names = "--slices", paramLabel = "N",
      description = "--on tez: grid-slice tasks (default: one per 4 grid points, at most 200).")
  int slices;

  @Option(names = "--work-dir", paramLabel = "URI",
      description = "--on tez: where on the cluster's file system the sweep uploads its jar and inputs and the DAG "
          + "writes its results (default: .tezext-sweep/ in your home directory there); removed afterwards.")
  String workDir;

  @Option(names = "--quiet", description = "No line per grid point.")
  boolean quiet;

  /** Test only: the first attempt of this grid-slice task fails after its first grid point. */
  @Option(names = "--test-fail-slice", hidden = true)
  int testFailSlice = -1;

  @Override
  public Integer call() throws Exception {
    PrintWriter console = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String where = on.trim().toLowerCase(Locale.ROOT);
    if (!where.equals("local") && !where.equals("tez")) {
      throw new IllegalArgumentException("--on takes local or tez, not '" + on + "'");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be at least 1, was " + threads);
    }
    if (slices < 0) {
      throw new IllegalArgumentException("--slices must be at least 1, was " + slices);
    }
    Grid g = GridFile.read(grid);
    SweepInputs inputs = SweepInputs.of(g);
    checkInputs(g, inputs, err);
    List<GridPoint> tunePoints = g.tunePoints();
    try (ReportDirectory dir = ReportDirectory.prepare(out, overwrite, "--out", top.stop);
        // Local runs log in this JVM: their schedulers' lines go to scheduler.log, not the console.
        SchedulerLog log = where.equals("local") ? new SchedulerLog(dir.staging()) : null;
        SweepExecutor executor = where.equals("local") ? new LocalSweepExecutor(threads, err, top.stop)
            : new TezSweepExecutor(TezSweepExecutor.configuration(confFiles), workDir, slices, testFailSlice,
                top.stop)) {
      console.println(String.format(Locale.ROOT, "sweep %s: %d settings x %d scenarios x %d workloads x %d seeds = %d "
          + "grid points, then the best on %s; on %s", g.name(), g.settings().size(), g.scenarios().size(),
          g.tuningWorkloads().size(), g.seeds().size(), tunePoints.size(),
          new RecommendationText(g, null).heldOut(), executor.describe()));
      List<PointResult> tune = executor.run(inputs, tunePoints, new SweepProgressLines(g, console, "tune", quiet));
      checkTezVersions(tune); // before any choice is made from them
      Recommender recommender = new Recommender(g);
      Recommendation first = recommender.recommend(tune, List.of());
      List<PointResult> confirm = List.of();
      if (first.verdict() != Recommendation.Verdict.KEEP_BASELINE) {
        List<GridPoint> confirmPoints = g.confirmPoints(recommender.candidates(tune));
        console.println("confirming " + g.settings().get(first.best()).id() + " (best), "
            + (first.runnerUp() >= 0 ? g.settings().get(first.runnerUp()).id() + " (runner-up) " : "")
            + "and the baseline on " + new RecommendationText(g, null).heldOut() + ": " + confirmPoints.size()
            + " grid points");
        confirm = executor.run(inputs, confirmPoints, new SweepProgressLines(g, console, "confirm", quiet));
        checkTezVersions(confirm);
      }
      List<PointResult> all = new ArrayList<>(tune);
      all.addAll(confirm);
      Recommendation r = recommender.recommend(tune, confirm);
      dir.write("the sweep's results", () -> {
        SweepFiles.write(g, all, r, dir.staging());
        SweepHtmlReport.write(g, all, r, dir.staging());
      });
      RecommendationText text = new RecommendationText(g, r);
      text.ranking().forEach(console::println);
      text.verdict().forEach(console::println);
      console.println("tez-site.xml:");
      console.print(text.tezSite());
      dir.commit();
      if (log != null) {
        log.printTotal(console, dir.target().resolve(SchedulerLog.FILE));
      }
      console.println("results written to " + dir.target());
      return 0;
    }
  }

  /** Every scenario with every workload, read as the runs will read them: bad input fails here, before any run. */
  private static void checkInputs(Grid g, SweepInputs inputs, PrintWriter err) {
    PointRunner reader = new PointRunner(inputs, 1, err, io.tezext.simulator.run.StopSignal.NEVER);
    long seed = g.seeds().get(0);
    for (int c = 0; c < g.scenarios().size(); c++) {
      for (int w = 0; w < g.workloads().size(); w++) {
        reader.replay(c, w, seed);
      }
    }
  }

  /** Every result ran the scheduler classes of this simulator's Tez. */
  static void checkTezVersions(List<PointResult> results) {
    String mine = TezVersion.ofSchedulers();
    for (PointResult r : results) {
      if (!r.tezVersion().equals(mine)) {
        throw new IllegalStateException("grid point " + r.point().id() + " ran the scheduler classes of Tez "
            + r.tezVersion() + ", but this simulator is built with Tez " + mine + ": its results would not be "
            + "comparable; run the sweep's DAG with this simulator's Tez (tez.lib.uris, docs/simulator-sweeps.md)");
      }
    }
  }

}
