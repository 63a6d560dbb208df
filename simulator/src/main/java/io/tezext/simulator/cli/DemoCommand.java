package io.tezext.simulator.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.report.ReportType;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * The README's main command: a bundled 40-node, two-queue scenario and a synthetic Hive-like
 * workload (sessions, HDFS and object-store scans), replayed with each scheduler setting worth
 * comparing. Needs no arguments.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Compare the schedulers on a bundled scenario and workload (no arguments needed).")
final class DemoCommand implements Callable<Integer> {
  static final String SCENARIO = "/io/tezext/simulator/demo/cluster.json";
  /** Tez's default first (the baseline), then ours as shipped and the variants that show what its parts do. */
  static final List<String> SCHEDULERS = List.of(
      "dagaware",
      "tezext",
      "tezext-delay=tezext(tezext.scheduler.locality.mode=delay)",
      "tezext-strict=tezext(tezext.scheduler.locality.mode=strict)");

  @Spec
  CommandSpec spec;

  @picocli.CommandLine.ParentCommand
  TezextSim top;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "tezext-sim-out/demo",
      description = "Directory for the JSON and CSV reports (default ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--seed", defaultValue = "2026", description = "Seed (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    Scenario scenario = ScenarioFile.readResource(SCENARIO, seed);
    SyntheticOptions options = new SyntheticOptions(150, 20_000, SyntheticOptions.TPCDS_MIX, 8, 600, 30_000, 0.8,
        0.3, 12, List.of("etl", "adhoc"));
    Workload workload = SyntheticWorkloads.generate(options, scenario.cluster().hosts(), seed);
    spec.commandLine().getOut().println("tezext-sim demo: " + workload.submissions().size() + " DAGs ("
        + workload.taskCount() + " tasks) on " + scenario.cluster().nodes().size() + " nodes");
    for (String s : SCHEDULERS) {
      spec.commandLine().getOut().println("  " + s);
    }
    List<SchedulerSpec> specs = SCHEDULERS.stream().map(SchedulerSpec::parse).toList();
    // The demo replaces its own previous report (and never anything else).
    try (ReportDirectory dir = ReportDirectory.prepare(out, true, "--out", top.stop)) {
      List<RunResult> results = new SideBySideRun(scenario, workload, false, !quiet,
          Runtime.getRuntime().availableProcessors(), top.stop).run(specs, dir, spec.commandLine().getOut());
      SideBySideRun.report(List.of(ReportType.values()), results, dir, spec.commandLine().getOut());
      return SideBySideRun.stalls(results, spec.commandLine().getErr());
    }
  }
}
