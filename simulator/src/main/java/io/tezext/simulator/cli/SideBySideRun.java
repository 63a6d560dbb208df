package io.tezext.simulator.cli;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.RunResult;
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

  List<RunResult> run(List<SchedulerSpec> schedulers) {
    List<RunResult> results = new ArrayList<>(schedulers.size());
    for (SchedulerSpec spec : schedulers) {
      try (ProgressBarListener bar = new ProgressBarListener(spec.label())) {
        Simulation.ProgressListener listener = progress ? bar : Simulation.ProgressListener.NONE;
        results.add(new Simulation(scenario, workload, spec, checkInvariants, listener).run());
      }
    }
    return results;
  }
}
