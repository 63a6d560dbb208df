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
import io.tezext.simulator.run.RunOptions;
import io.tezext.simulator.run.RunStoppedException;
import io.tezext.simulator.run.StopSignal;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerClasses;
import io.tezext.simulator.cluster.Topology;
import io.tezext.simulator.metrics.RunHealth;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.Workload;

/**
 * Feeds one workload on one scenario to each scheduler, as Caffeine's simulator feeds one trace to
 * every policy; the first scheduler is the baseline the reports compare against. Runs share nothing,
 * so they go in parallel, a thread each, up to {@code threads} at once; the results are those of
 * serial runs.
 */
final class SideBySideRun {
  private final Scenario scenario;
  private final Workload workload;
  private final boolean checkInvariants;
  private final boolean progress;
  private final int threads;
  private final StopSignal stop;

  /** Runs that end at their next event, with {@link RunStoppedException}, once {@code stop} is requested. */
  SideBySideRun(Scenario scenario, Workload workload, boolean checkInvariants, boolean progress, int threads,
      StopSignal stop) {
    this.scenario = scenario;
    this.workload = workload;
    this.checkInvariants = checkInvariants;
    this.progress = progress;
    this.threads = threads;
    this.stop = stop;
  }

  /**
   * Runs every scheduler; results come in the order given. The schedulers' log goes to the staging
   * directory of {@code out} (null: counted only), and a count of its warnings, naming where the log
   * ends up, to {@code console}.
   */
  List<RunResult> run(List<SchedulerSpec> schedulers, ReportDirectory out, PrintWriter console) throws IOException {
    Path logDir = out == null ? null : out.staging();
    Simulation.requireWorkloadFits(scenario.cluster(), workload); // before the warm-up, so errors name the workload
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(schedulers.size(), threads));
    try (SchedulerLog log = new SchedulerLog(logDir);
        RunsProgressBar bar = new RunsProgressBar(schedulers.size(), workload.submissions().size())) {
      SchedulerClasses classes = new SchedulerClasses(Topology.of(scenario.cluster()));
      warmUp(schedulers, classes, pool);
      List<Future<RunResult>> runs = new ArrayList<>(schedulers.size());
      for (int i = 0; i < schedulers.size(); i++) {
        SchedulerSpec spec = schedulers.get(i);
        Simulation.ProgressListener listener = progress ? bar.forRun(i) : Simulation.ProgressListener.NONE;
        RunOptions options = RunOptions.DEFAULT.checkingInvariants(checkInvariants).reportingTo(listener)
            .sharing(classes).stoppingOn(stop);
        runs.add(pool.submit(() -> inThreadNamedFor(spec, () -> new Simulation(scenario, workload, spec, options).run())));
      }
      List<RunResult> results = collect(runs);
      bar.close();
      log.printSummary(console, out == null ? null : out.target().resolve(SchedulerLog.FILE));
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

  /**
   * Every scheduler once for its figures alone: no records kept, no warm-up, no progress bar
   * (another seed of a comparison whose first seed was reported in full). Results in the order given.
   */
  List<RunResult> runForFigures(List<SchedulerSpec> schedulers) throws IOException {
    Simulation.requireWorkloadFits(scenario.cluster(), workload);
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(schedulers.size(), threads));
    try (SchedulerLog log = new SchedulerLog(null)) {
      SchedulerClasses classes = new SchedulerClasses(Topology.of(scenario.cluster()));
      List<Future<RunResult>> runs = new ArrayList<>(schedulers.size());
      for (SchedulerSpec spec : schedulers) {
        RunOptions options = RunOptions.DEFAULT.withoutRecords().sharing(classes).stoppingOn(stop);
        runs.add(pool.submit(() -> inThreadNamedFor(spec, () -> new Simulation(scenario, workload, spec, options).run())));
      }
      return collect(runs);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while simulating", e);
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<RunResult> collect(List<Future<RunResult>> runs) throws InterruptedException, ExecutionException {
    List<RunResult> results = new ArrayList<>(runs.size());
    for (Future<RunResult> run : runs) {
      results.add(run.get());
    }
    return results;
  }

  /** Tasks of the warm-up workload: enough to compile the simulator's and Hadoop's hot code, a second or so. */
  static final int WARM_UP_TASKS = 10_000;

  /**
   * Runs each scheduler once on the workload's first DAGs and discards the result, so that the JIT
   * compiles the code the runs share (the simulator's, Hadoop's, the schedulers' own through the
   * shared {@code classes}) before any run is measured: otherwise the first run's scheduler CPU
   * includes warming code the later runs find compiled.
   */
  private void warmUp(List<SchedulerSpec> schedulers, SchedulerClasses classes, ExecutorService pool)
      throws InterruptedException, ExecutionException {
    List<DagSubmission> first = new ArrayList<>();
    int tasks = 0;
    for (DagSubmission s : workload.submissions()) {
      if (tasks >= WARM_UP_TASKS) {
        break;
      }
      first.add(s);
      tasks += s.dag().taskCount();
    }
    Workload slice = new Workload(workload.name() + " (warm-up)", first, List.of());
    List<Future<RunResult>> runs = new ArrayList<>();
    for (SchedulerSpec spec : schedulers) {
      runs.add(pool.submit(() -> inThreadNamedFor(spec,
          () -> new Simulation(scenario, slice, spec, RunOptions.DEFAULT.withoutRecords().sharing(classes)
              .stoppingOn(stop)).run())));
    }
    for (Future<RunResult> run : runs) {
      run.get();
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

  /**
   * Writes each report format for the runs: tables to {@code console}, files to {@code dir}, which
   * is then moved into place whole (null: console only).
   */
  static void report(List<ReportType> types, List<RunResult> results, ReportDirectory dir, PrintWriter console)
      throws IOException {
    List<ComparedRun> runs = ComparedRun.of(results);
    for (ReportType type : types) {
      if (dir == null) {
        type.writer(console).write(runs, null);
      } else {
        dir.write("the " + type.cliName() + " report", () -> type.writer(console).write(runs, dir.staging()));
      }
    }
    if (dir != null) {
      dir.commit();
      console.println("reports written to " + dir.target());
    }
  }

  /**
   * The runs that stalled, each told on {@code err} with what was stuck; the exit code of a command
   * whose runs ran to their end, {@link TezextSim#STALLED} if any stalled.
   */
  static int stalls(List<RunResult> results, PrintWriter err) {
    int code = 0;
    for (RunResult r : results) {
      if (r.health().end() == RunHealth.End.HUNG) {
        err.println("tezext-sim: " + r.scheduler() + " stalled: " + r.notes().get(r.notes().size() - 1));
        code = TezextSim.STALLED;
      }
    }
    return code;
  }
}
