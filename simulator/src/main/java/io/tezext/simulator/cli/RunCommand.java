package io.tezext.simulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.ReadContext;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;

/** Replays a workload file, or a synthetic workload, with each scheduler, and reports side by side. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Replay a workload with each scheduler on one scenario and compare them.")
final class RunCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--cluster", required = true, paramLabel = "FILE",
      description = "Scenario file: nodes, queues, YARN and Tez behaviour, failures (docs/simulator.md).")
  Path cluster;

  @ArgGroup(exclusive = true, multiplicity = "1")
  WorkloadChoice workload;

  @Option(names = "--scheduler", defaultValue = "dagaware", paramLabel = "SPECS",
      description = "Comma-separated schedulers, the first is the baseline; Tez settings in parentheses, "
          + "e.g. 'dagaware,dagaware(tez.am.container.reuse.enabled=false)' (default ${DEFAULT-VALUE}).")
  String schedulers;

  @Option(names = "--seed", defaultValue = "1", description = "Seed for every random choice (default ${DEFAULT-VALUE}).")
  long seed;

  @Mixin
  OutputArgs output = new OutputArgs();

  @ArgGroup(exclusive = false, heading = "Synthetic workload options:%n")
  SyntheticArgs synthetic = new SyntheticArgs();

  @Option(names = "--workload-format", defaultValue = "auto", paramLabel = "FORMAT",
      description = "Format of --workload: auto (detect), tezext, tez-simple-history, tez-ats-zip, tez-proto-history, "
          + "alibaba-2018, sls "
          + "(default ${DEFAULT-VALUE}).")
  String workloadFormat;

  @Option(names = "--skip-bad", description = "Skip, count and list unusable trace records instead of stopping.")
  boolean skipBad;

  static final class WorkloadChoice {
    @Option(names = "--workload", paramLabel = "PATH",
        description = "Workload file, recorded Tez history, or a cluster trace (file or directory); "
            + "see docs/simulator-workloads.md.")
    Path file;

    @Option(names = "--synthetic", description = "Generate a TPC-DS-like workload (see the synthetic options).")
    boolean synthetic;
  }

  @Override
  public Integer call() throws Exception {
    output.validate();
    List<SchedulerSpec> specs = SchedulerSpec.parseList(schedulers);
    Scenario scenario = ScenarioFile.read(cluster, seed);
    Workload w = workload.file != null ? readWorkload(workload.file, scenario)
        : synthetic.generate(scenario.cluster().hosts(), seed);
    List<RunResult> results = new SideBySideRun(scenario, w, output.checkInvariants, !output.quiet)
        .run(specs, output.out, spec.commandLine().getOut());
    output.write(results, spec.commandLine().getOut());
    return 0;
  }

  private Workload readWorkload(Path path, Scenario scenario) throws IOException {
    WorkloadFormat format = workloadFormat.equalsIgnoreCase("auto") ? WorkloadFormat.detect(path)
        : WorkloadFormat.fromCliName(workloadFormat);
    List<String> skipped = new ArrayList<>();
    Workload w = format.read(path, new ReadContext(scenario.cluster(), seed, skipBad, skipped));
    PrintWriter err = spec.commandLine().getErr();
    if (!skipped.isEmpty()) {
      err.println("skipped " + skipped.size() + " unusable records (--skip-bad):");
      skipped.stream().limit(20).forEach(s -> err.println("  " + s));
      if (skipped.size() > 20) {
        err.println("  ... and " + (skipped.size() - 20) + " more");
      }
    }
    return w;
  }
}
