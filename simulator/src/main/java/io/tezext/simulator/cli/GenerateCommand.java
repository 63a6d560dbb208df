package io.tezext.simulator.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.json.WorkloadJson;

/** Writes a synthetic workload to a file, to inspect, edit, or replay later with {@code run --workload}. */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Write a synthetic workload for a cluster to a workload file.")
final class GenerateCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--cluster", required = true, paramLabel = "FILE",
      description = "Scenario file; its hosts hold the HDFS replicas of the scans.")
  Path cluster;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Workload file to write.")
  Path out;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--overwrite", description = "Replace --out FILE if it exists (never the scenario given).")
  boolean overwrite;

  @ArgGroup(exclusive = false, heading = "Synthetic workload options:%n")
  SyntheticArgs synthetic = new SyntheticArgs();

  @Override
  public Integer call() throws Exception {
    OutputFile file = OutputFile.check(out, "--out");
    if (Files.exists(out)) {
      if (Files.exists(cluster) && Files.isSameFile(out, cluster)) {
        throw new IllegalArgumentException("--out " + out + " is the scenario given with --cluster; write the "
            + "workload elsewhere");
      }
      if (!overwrite) {
        throw new IllegalArgumentException("--out " + out + " exists; give --overwrite to replace it");
      }
    }
    Scenario scenario = ScenarioFile.read(cluster, seed);
    Workload w = synthetic.generate(scenario.cluster().hosts(), seed);
    file.write(() -> WorkloadJson.write(w, out));
    spec.commandLine().getOut().println("wrote " + w.submissions().size() + " DAGs (" + w.taskCount() + " tasks) to "
        + out);
    return 0;
  }
}
