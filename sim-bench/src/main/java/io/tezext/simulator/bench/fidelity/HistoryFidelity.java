package io.tezext.simulator.bench.fidelity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The fidelity of calibrated replay for two recorded runs of the same DAGs (as {@code bench/run
 * hive-fidelity} records them from Hive): each calibrated on one and scored on the other, both
 * ways ({@link ReplayScore}). Prints the per-DAG tables, then one JSON line.
 */
@Command(name = "history-fidelity", mixinStandardHelpOptions = true,
    description = "Calibrated replay of one recorded run scored against another, both ways.")
public final class HistoryFidelity implements Callable<Integer> {
  @Option(names = "--run-a", required = true, paramLabel = "HISTORY", description = "One run's Tez history.")
  Path runA;

  @Option(names = "--run-b", required = true, paramLabel = "HISTORY", description = "The other run's Tez history.")
  Path runB;

  @Option(names = "--node-memory-mb", required = true, description = "The recorded NodeManagers' memory.")
  int nodeMb;

  @Option(names = "--node-vcores", required = true, description = "The recorded NodeManagers' vcores.")
  int nodeVcores;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where the replays are written.")
  Path out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new HistoryFidelity()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    ReplayScore.Score aOnB = ReplayScore.score("calibrated on run A, scored on run B", runA, runB,
        out.resolve("a-on-b"), nodeMb, nodeVcores);
    ReplayScore.Score bOnA = ReplayScore.score("calibrated on run B, scored on run A", runB, runA,
        out.resolve("b-on-a"), nodeMb, nodeVcores);
    List<Double> errors = new ArrayList<>(aOnB.errors());
    errors.addAll(bOnA.errors());
    System.out.print(aOnB.table());
    System.out.print(bOnA.table());
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("dags_scored", errors.size());
    json.put("runtime_error_pct_mean", round(errors.stream().mapToDouble(Double::doubleValue).average().orElse(0)));
    json.put("runtime_error_pct_max", round(errors.stream().mapToDouble(Double::doubleValue).max().orElse(0)));
    json.put("dags_within_10pct", errors.stream().filter(e -> e <= 10.0).count());
    json.put("max_a_on_b", round(aOnB.max()));
    json.put("max_b_on_a", round(bOnA.max()));
    System.out.println(new ObjectMapper().writeValueAsString(json));
    return 0;
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
