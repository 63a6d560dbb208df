package io.tezext.simulator.bench.fidelity;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.cli.TezextSim;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

/**
 * How closely a calibrated replay matches a recorded run, measured as a user would measure it:
 * through the command line, calibrate a scenario on one run's Tez history ({@code tezext-sim
 * calibrate}), supply what history cannot tell (the NodeManagers' memory and vcores, as a user edits
 * the file), replay another run's history with it ({@code tezext-sim run --calibrate off}) and
 * compare each DAG's run time with the record. No value is fitted to the run it is scored on.
 */
public final class ReplayScore {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Each DAG's error, in the scored run's order, and a table of them. */
  public record Score(String table, List<Double> errors) {
    public double max() {
      return errors.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
  }

  private ReplayScore() {
  }

  /**
   * Calibrates on {@code calibrateOn}, replays {@code scoreOn} with Tez's DagAware scheduler, in
   * {@code dir}; the NodeManagers the history names get {@code nodeMb} and {@code nodeVcores}.
   */
  public static Score score(String title, Path calibrateOn, Path scoreOn, Path dir, int nodeMb, int nodeVcores)
      throws IOException {
    Files.createDirectories(dir);
    Path scenario = dir.resolve("calibrated.json");
    cli("calibrate", "--workload", calibrateOn.toString(), "--out", scenario.toString());
    supplyNodeResources(scenario, nodeMb, nodeVcores);
    Path out = dir.resolve("replay");
    cli("run", "--cluster", scenario.toString(), "--workload", scoreOn.toString(), "--calibrate", "off",
        "--scheduler", "dagaware", "--format", "json", "--out", out.toString(), "--overwrite", "--quiet");

    RecordedHistory recorded = TezHistoryReader.readHistory(WorkloadFormat.detect(scoreOn).historyInput(scoreOn),
        false, new ArrayList<>());
    JsonNode dags = JSON.readTree(out.resolve("dags.json").toFile());
    StringBuilder table = new StringBuilder(title + "\ndag, recorded_ms, simulated_ms, error_pct\n");
    List<Double> errors = new ArrayList<>();
    for (RecordedHistory.RecordedRun run : recorded.runs()) {
      JsonNode sim = find(dags, run.dagId());
      if (!sim.hasNonNull("finishMs") || run.runtimeMs() <= 0) {
        throw new IllegalStateException(run.dagId() + ": " + (run.runtimeMs() <= 0 ? "its record has no run time ("
            + run.runtimeMs() + " ms)" : "the replay did not finish it") + ", so there is no error to score");
      }
      long simulated = sim.path("finishMs").asLong() - sim.path("startMs").asLong();
      double error = 100.0 * Math.abs(simulated - run.runtimeMs()) / run.runtimeMs();
      errors.add(error);
      table.append(String.format(Locale.ROOT, "%s, %d, %d, %.1f%n", sim.path("name").asText(), run.runtimeMs(),
          simulated, error));
    }
    return new Score(table.toString(), errors);
  }

  /** What the history cannot say and a user supplies: the NodeManagers' memory and vcores. */
  private static void supplyNodeResources(Path scenario, int nodeMb, int nodeVcores) throws IOException {
    ObjectNode root = (ObjectNode) JSON.readTree(scenario.toFile());
    for (JsonNode node : root.path("nodes")) {
      ((ObjectNode) node).put("memoryMb", nodeMb).put("vcores", nodeVcores);
    }
    JSON.writerWithDefaultPrettyPrinter().writeValue(scenario.toFile(), root);
  }

  /** The DAG record of {@code id} in dags.json (scheduler label -> DAG records). */
  private static JsonNode find(JsonNode dags, String id) {
    for (JsonNode run : dags) {
      for (JsonNode dag : run) {
        if (dag.path("id").asText().equals(id)) {
          return dag;
        }
      }
    }
    throw new IllegalStateException("the replay has no DAG " + id);
  }

  /** Runs a {@code tezext-sim} command as a user types it; a non-zero exit is an error with its output. */
  static void cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    if (code != 0) {
      throw new IllegalStateException("tezext-sim " + String.join(" ", args) + " exited " + code + ":\n" + out + err);
    }
  }
}
