package io.tezext.simulator.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.run.WorkloadFiles;
import io.tezext.simulator.scheduler.SchedulerKind;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;

/** Replays a workload file, or a synthetic workload, with each scheduler, and reports side by side. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Replay a workload with each scheduler on one scenario and compare them.")
final class RunCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @ParentCommand
  TezextSim top;

  @Option(names = "--cluster", required = true, paramLabel = "FILE",
      description = "Scenario file: nodes, queues, YARN and Tez behaviour, failures (docs/simulator.md).")
  Path cluster;

  @ArgGroup(exclusive = true, multiplicity = "1")
  WorkloadChoice workload;

  @Option(names = "--scheduler", defaultValue = "dagaware", paramLabel = "SPECS",
      completionCandidates = SchedulerKind.Names.class,
      description = "Comma-separated schedulers (${COMPLETION-CANDIDATES}, or class:NAME), the first is the baseline; "
          + "settings in parentheses, a label before '=', e.g. "
          + "'dagaware,no-reuse=dagaware(tez.am.container.reuse.enabled=false)' (default ${DEFAULT-VALUE}).")
  String schedulers;

  @Option(names = "--seed", defaultValue = "1", description = "Seed for every random choice (default ${DEFAULT-VALUE}).")
  long seed;

  @Mixin
  OutputArgs output = new OutputArgs();

  @ArgGroup(exclusive = false, heading = "Synthetic workload options:%n")
  SyntheticArgs synthetic = new SyntheticArgs();

  @Option(names = "--workload-format", defaultValue = "auto", paramLabel = "FORMAT",
      completionCandidates = WorkloadFormat.Names.class,
      description = "Format of --workload: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}: detect it).")
  String workloadFormat;

  @Option(names = "--skip-bad", description = "Skip, count and list unusable trace records instead of stopping.")
  boolean skipBad;

  @Option(names = "--strict", description = "Refuse any input the simulator would change to replay it (a repair, "
      + "a default for a missing value, a record or key left out), which is otherwise counted in the notes.")
  boolean strict;

  @Option(names = "--calibrate", defaultValue = "auto", paramLabel = "auto|off",
      description = "With Tez history as the workload: calibrate the launch model and the scheduler's keys from it "
          + "(auto, the default) or keep the scenario's (off, e.g. with a scenario from 'calibrate' on another run).")
  String calibrate;

  static final class WorkloadChoice {
    @Option(names = "--workload", paramLabel = "PATH",
        description = "Workload file, recorded Tez history, or a cluster trace (file or directory); "
            + "see docs/simulator-workloads.md.")
    Path file;

    @Option(names = "--synthetic", description = "Generate a TPC-DS-like workload (see the synthetic options).")
    boolean synthetic;
  }

  /**
   * Options that would do nothing with the input chosen (the generator's with {@code --workload},
   * the readers' with {@code --synthetic}) are errors, not silently ignored.
   */
  private void refuseOptionsOfTheOtherInput() {
    List<String> generatorOptions = spec.commandLine().getParseResult().matchedOptions().stream()
        .filter(o -> o.group() != null && o.group().typeInfo().getType() == SyntheticArgs.class)
        .map(o -> o.longestName()).distinct().toList();
    if (workload.file != null && !generatorOptions.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", generatorOptions)
          + (generatorOptions.size() == 1 ? " applies" : " apply") + " to --synthetic only; --workload "
          + workload.file + " is replayed as it is");
    }
    List<String> readerOptions = java.util.stream.Stream.of("--workload-format", "--skip-bad", "--strict",
        "--calibrate").filter(this::given).toList();
    if (workload.synthetic && !readerOptions.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", readerOptions) + (readerOptions.size() == 1 ? " applies"
          : " apply") + " to --workload only, not to --synthetic");
    }
  }

  /**
   * A node named {@code localhost} is fine for history recorded on one machine, whose HDFS reads name
   * it; but object-store connectors give that name as the host of every split, so with object-store
   * reads in the workload every one of them would be node-local on that node.
   */
  private void requireNoObjectStoreNode(Scenario scenario, Workload w) {
    if (!scenario.cluster().hosts().contains(InputStorage.OBJECT_STORE_HOST)) {
      return;
    }
    for (DagSubmission s : w.submissions()) {
      for (VertexSpec v : s.dag().vertices()) {
        if (v.input() == InputStorage.OBJECT_STORE) {
          throw new IllegalArgumentException(cluster + " has a node named '" + InputStorage.OBJECT_STORE_HOST
              + "', and DAG " + s.id() + " (vertex " + v.name() + ") reads object storage, whose connectors give '"
              + InputStorage.OBJECT_STORE_HOST + "' as the host of every split: every such read would be node-local "
              + "on that node; name the node by its host name");
        }
      }
    }
  }

  private boolean given(String option) {
    return spec.commandLine().getParseResult().hasMatchedOption(option);
  }

  @Override
  public Integer call() throws Exception {
    output.validate();
    List<SchedulerSpec> specs = SchedulerSpec.parseList(schedulers);
    if (!calibrate.equals("auto") && !calibrate.equals("off")) {
      throw new IllegalArgumentException("--calibrate takes auto or off, not '" + calibrate + "'");
    }
    refuseOptionsOfTheOtherInput();
    Scenario scenario = ScenarioFile.read(cluster, seed);
    Workload w;
    if (workload.file != null) {
      WorkloadFiles files = new WorkloadFiles(workload.file, workloadFormat, skipBad, strict,
          spec.commandLine().getErr());
      if (given("--calibrate") && !files.isTezHistory()) {
        throw new IllegalArgumentException("--calibrate applies to Tez history only; " + workload.file + " is read as "
            + files.formatName() + ", not Tez history: leave --calibrate out");
      }
      WorkloadFiles.Replay replay = files.replay(scenario, calibrate.equals("auto"), seed);
      scenario = replay.scenario();
      w = replay.workload();
    } else {
      w = synthetic.generate(scenario.cluster().hosts(), seed);
    }
    requireNoObjectStoreNode(scenario, w);
    try (ReportDirectory dir = output.prepare(top.stop)) {
      List<RunResult> results = new SideBySideRun(scenario, w, output.checkInvariants, !output.quiet, output.threads,
          top.stop)
          .run(specs, dir, spec.commandLine().getOut());
      output.write(results, dir, spec.commandLine().getOut());
      return SideBySideRun.stalls(results, spec.commandLine().getErr());
    }
  }
}
