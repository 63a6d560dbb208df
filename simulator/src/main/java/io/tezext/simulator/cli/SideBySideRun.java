package io.tezext.simulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.ReportType;
import io.tezext.simulator.run.Reproducibility;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;

/**
 * Feeds one workload on one scenario to each scheduler in turn, as Caffeine's simulator feeds one
 * trace to every policy; the first scheduler is the baseline the reports compare against.
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

  /** Runs each scheduler in turn; warns on {@code err} first if this JVM cannot reproduce runs. */
  List<RunResult> run(List<SchedulerSpec> schedulers, PrintWriter err) {
    String warning = Reproducibility.warning();
    if (warning != null) {
      err.println(warning);
    }
    List<RunResult> results = new ArrayList<>(schedulers.size());
    for (SchedulerSpec spec : schedulers) {
      try (ProgressBarListener bar = new ProgressBarListener(spec.label())) {
        Simulation.ProgressListener listener = progress ? bar : Simulation.ProgressListener.NONE;
        results.add(new Simulation(scenario, workload, spec, checkInvariants, listener).run());
      }
    }
    return results;
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
