package io.tezext.simulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.ReportType;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;

/**
 * Feeds one workload on one scenario to each scheduler, as Caffeine's simulator feeds one trace to
 * every policy; the first scheduler is the baseline the reports compare against. Runs share nothing,
 * so they go in parallel, one thread each, up to one per core; the results are those of serial runs.
 */
final class SideBySideRun {
  private final Scenario scenario;
  private final Workload workload;
  private final boolean checkInvariants;
  private final boolean progress;

  SideBySideRun(Scenario scenario, Workload workload, boolean checkInvariants, boolean progress) {
    this.scenario = scenario;
    this.workload = workload;
    this.checkInvariants = checkInvariants;
    this.progress = progress;
  }

  /**
   * Runs every scheduler; results come in the order given. The schedulers' log goes to
   * {@code logDir} (null: counted only), and a count of its warnings to {@code console}.
   */
  List<RunResult> run(List<SchedulerSpec> schedulers, Path logDir, PrintWriter console) throws IOException {
    int threads = Math.min(schedulers.size(), Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (SchedulerLog log = new SchedulerLog(logDir);
        RunsProgressBar bar = new RunsProgressBar(schedulers.size(), workload.submissions().size())) {
      List<Future<RunResult>> runs = new ArrayList<>(schedulers.size());
      for (int i = 0; i < schedulers.size(); i++) {
        SchedulerSpec spec = schedulers.get(i);
        Simulation.ProgressListener listener = progress ? bar.forRun(i) : Simulation.ProgressListener.NONE;
        runs.add(pool.submit(() -> inThreadNamedFor(spec,
            () -> new Simulation(scenario, workload, spec, checkInvariants, listener).run())));
      }
      List<RunResult> results = new ArrayList<>(runs.size());
      for (Future<RunResult> run : runs) {
        results.add(run.get());
      }
      bar.close();
      log.printSummary(console);
      return results;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while simulating", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Runs a simulation on a thread named after its scheduler, so that its log lines say which run wrote them. */
  private static RunResult inThreadNamedFor(SchedulerSpec spec, Supplier<RunResult> run) {
    Thread thread = Thread.currentThread();
    String name = thread.getName();
    thread.setName(SchedulerLog.threadNameFor(spec.label()));
    try {
      return run.get();
    } finally {
      thread.setName(name);
    }
  }

  /** Writes each report format for the runs; files go to {@code dir}, tables to {@code console}. */
  static void report(List<ReportType> types, List<RunResult> results, Path dir, PrintWriter console)
      throws IOException {
    List<ComparedRun> runs = ComparedRun.of(results);
    for (ReportType type : types) {
      type.writer(console).write(runs, dir);
    }
    if (types.stream().anyMatch(t -> t != ReportType.CONSOLE)) {
      console.println("reports written to " + dir.toAbsolutePath().normalize());
    }
  }
}
