package io.tezext.simulator.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.am.HistoryCalibration;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.run.WorkloadFiles;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;

/**
 * Writes a scenario calibrated from recorded Tez history: the launch model and the scheduler's keys
 * measured from the history, the NodeManagers it ran on, and notes saying which values were measured
 * and which the user must supply (history records no NodeManager memory, vcores or racks).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Write a scenario calibrated from recorded Tez history, to edit and replay other runs on.")
final class CalibrateCommand implements Callable<Integer> {
  static final String RACK = "/default-rack";

  @Spec
  CommandSpec spec;

  @Option(names = "--workload", required = true, paramLabel = "HISTORY",
      description = "Recorded Tez history (simple, proto, or timeline-server zips).")
  Path history;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Scenario file to write.")
  Path out;

  @Option(names = "--cluster", paramLabel = "FILE",
      description = "Start from this scenario (nodes, queues, YARN) instead of the NodeManagers the history names.")
  Path base;

  @Option(names = "--workload-format", defaultValue = "auto", paramLabel = "FORMAT",
      completionCandidates = WorkloadFormat.Names.class,
      description = "Format of --workload: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}: detect it).")
  String workloadFormat;

  @Option(names = "--skip-bad", description = "Skip, count and list unusable history records instead of stopping.")
  boolean skipBad;

  @Option(names = "--strict", description = "Refuse history the simulator would change to read it (a repair, a "
      + "default for a missing value, a record left out), which is otherwise counted in the notes.")
  boolean strict;

  @Override
  public Integer call() throws IOException {
    OutputFile file = OutputFile.check(out, "--out");
    if (Files.exists(out) && (base != null && Files.exists(base) && Files.isSameFile(out, base)
        || Files.isSameFile(out, history))) {
      throw new IllegalArgumentException("--out " + out + " is one of the inputs; write the scenario elsewhere");
    }
    RecordedHistory h = new WorkloadFiles(history, workloadFormat, skipBad, strict, spec.commandLine().getErr())
        .history();
    HistoryCalibration c = HistoryCalibration.of(h, new io.tezext.simulator.io.BadRecords(false, strict,
        new ArrayList<>()));
    List<String> notes = new ArrayList<>();
    notes.add("calibrated by tezext-sim calibrate from " + history + " (" + h.runs().size() + " DAGs, "
        + h.launches().size() + " successful attempts)");
    c.notes().forEach(n -> notes.add("measured: " + n));
    Scenario scenario;
    if (base != null) {
      Scenario b = ScenarioFile.read(base, 1);
      scenario = b.withAm(c.applyTo(b.am()));
      notes.add("nodes, queues, yarn and failures: from " + base);
    } else {
      scenario = new Scenario(new ClusterSpec(nodesOf(h), List.of(), YarnSettings.DEFAULTS),
          c.applyTo(AmSettings.DEFAULTS), Failures.NONE, 1, 60_000);
      notes.add("nodes: the " + scenario.cluster().nodes().size() + " NodeManagers the attempts ran on; SUPPLY "
          + "their memoryMb and vcores (history records none; written: the defaults) and their racks (written: "
          + RACK + ")");
      notes.add("the recorded application held at most " + h.launches().peakContainers() + " task containers at once");
      notes.add("queues, yarn and failures: the simulator's defaults; SUPPLY your cluster's");
    }
    notes.add("tez settings not listed as measured: the simulator's defaults");
    Scenario calibrated = scenario;
    file.write(() -> ScenarioFile.write(calibrated, notes, out));
    notes.forEach(n -> spec.commandLine().getOut().println(n));
    spec.commandLine().getOut().println("wrote " + out);
    return 0;
  }

  /**
   * A node per NodeManager the history names: by host when each host ran one, by host:port when a
   * host ran several (a mini cluster).
   */
  private static List<NodeSpec> nodesOf(RecordedHistory h) {
    Map<String, List<String>> byHost = new LinkedHashMap<>();
    for (String node : h.launches().nodes()) {
      String host = node.contains(":") ? node.substring(0, node.lastIndexOf(':')) : node;
      byHost.computeIfAbsent(host, k -> new ArrayList<>()).add(node);
    }
    if (byHost.isEmpty()) {
      throw new IllegalArgumentException("the history names no NodeManager an attempt ran on; nothing to calibrate");
    }
    List<NodeSpec> nodes = new ArrayList<>();
    byHost.forEach((host, managers) -> {
      for (String m : managers) {
        nodes.add(new NodeSpec(managers.size() == 1 ? host : m, RACK, NodeSpec.DEFAULT_MEMORY_MB,
            NodeSpec.DEFAULT_VCORES));
      }
    });
    return nodes;
  }
}
