package io.tezext.simulator.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.scheduler.config.SchedulerKeys;
import io.tezext.scheduler.locality.LocalityMode;
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
 * comparing, on several seeds: the first seed's runs are reported in full (console, JSON, CSV,
 * HTML), and every seed's are summarized with intervals ({@link SeedSummary}), the paragraph the
 * README quotes. Needs no arguments.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Compare the schedulers on a bundled scenario and workload (no arguments needed).")
final class DemoCommand implements Callable<Integer> {
  static final String SCENARIO = "/io/tezext/simulator/demo/cluster.json";
  /** Tez's default first (the baseline), then ours as shipped, then ours in each other locality mode. */
  static final List<String> SCHEDULERS = schedulers();

  @Spec
  CommandSpec spec;

  @picocli.CommandLine.ParentCommand
  TezextSim top;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "tezext-sim-out/demo",
      description = "Directory for the JSON and CSV reports (default ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--seeds", split = ",", paramLabel = "SEED", defaultValue = "2026,2027,2028,2029,2030",
      description = "Seeds, each its own workload and failures: the first one's runs are reported in full, all of "
          + "them summarized with 95%% intervals (default ${DEFAULT-VALUE}).")
  List<Long> seeds;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  private static List<String> schedulers() {
    List<String> all = new ArrayList<>(List.of("dagaware", "tezext"));
    for (LocalityMode mode : LocalityMode.values()) {
      if (mode != SchedulerKeys.LOCALITY_MODE.defaultValue()) {
        all.add("tezext-" + mode.configName() + "=tezext(" + SchedulerKeys.LOCALITY_MODE.name() + "="
            + mode.configName() + ")");
      }
    }
    return List.copyOf(all);
  }

  @Override
  public Integer call() throws Exception {
    if (seeds.stream().distinct().count() != seeds.size()) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--seeds repeats a seed: " + seeds);
    }
    List<SchedulerSpec> specs = SCHEDULERS.stream().map(SchedulerSpec::parse).toList();
    PrintWriter console = spec.commandLine().getOut();
    // The demo replaces its own previous report (and never anything else).
    try (ReportDirectory dir = ReportDirectory.prepare(out, true, "--out", top.stop)) {
      List<List<RunResult>> perSeed = new ArrayList<>();
      for (int i = 0; i < seeds.size(); i++) {
        Scenario scenario = ScenarioFile.readResource(SCENARIO, seeds.get(i));
        Workload workload = SyntheticWorkloads.generate(WORKLOAD, scenario.cluster().hosts(), seeds.get(i));
        SideBySideRun runs = new SideBySideRun(scenario, workload, false, !quiet,
            Runtime.getRuntime().availableProcessors(), top.stop);
        if (i == 0) {
          console.println("tezext-sim demo: " + workload.submissions().size() + " DAGs (" + workload.taskCount()
              + " tasks) on " + scenario.cluster().nodes().size() + " nodes, seeds " + seeds);
          SCHEDULERS.forEach(s -> console.println("  " + s));
          perSeed.add(runs.run(specs, dir, console));
        } else {
          if (!quiet) {
            console.printf(Locale.ROOT, "seed %d (%d of %d) ...%n", seeds.get(i), i + 1, seeds.size());
          }
          perSeed.add(runs.runForFigures(specs));
        }
      }
      SeedSummary summary = new SeedSummary(seeds, perSeed);
      dir.write("the seeds' summary", () -> summary.write(dir.staging()));
      SideBySideRun.report(List.of(ReportType.values()), perSeed.get(0), dir, console);
      console.println();
      console.print(summary.markdown());
      console.flush();
      int code = 0;
      for (List<RunResult> results : perSeed) {
        code = Math.max(code, SideBySideRun.stalls(results, spec.commandLine().getErr()));
      }
      return code;
    }
  }

  /** The bundled workload: 150 Hive-like DAGs in 12 sessions over two queues, 30% of scans on object storage. */
  static final SyntheticOptions WORKLOAD = new SyntheticOptions(150, 20_000, SyntheticOptions.TPCDS_MIX, 8, 600,
      30_000, 0.8, 0.3, 12, List.of("etl", "adhoc"));
}
