package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.testkit.TezTestCluster;

/**
 * {@code bench/run hive-fidelity} (not part of {@code mvn verify}): Hive's DAGs as the simulator's
 * input. The star schema's queries run in two Hive sessions under Tez's scheduler, each recording
 * proto history as Hive deployments do; the simulator, through its command line, calibrates on one
 * session and replays the other, both ways, and its DAG run times are scored against the record
 * ({@code HistoryFidelity}); then the recorded Hive DAGs, scaled onto the reference cluster (each
 * vertex x40 tasks, 1,200 staggered session copies: a loaded cluster), are replayed by DagAware and
 * by ours ({@code sched-compare}'s {@code history_replay} on this history). Writes
 * {@code target/hive-fidelity.txt}, its last line one JSON object.
 */
class HiveFidelityIT {
  /** Idle containers outlive the gaps between a session's queries, as in sim-fidelity (no coin flips). */
  static final Map<String, String> SCHEDULER_CONF = Map.of(
      "tez.am.container.idle.release-timeout-min.millis", "30000",
      "tez.am.container.idle.release-timeout-max.millis", "30000");

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  @Test
  void hivesDagsReplayCloseToTheirRecordAndAreComparedAtScale() throws Exception {
    StarSchema data = new StarSchema(2026);
    Path hiveDir = CLUSTER.newDirectory("hive");
    Path text = CLUSTER.newDirectory("star-text");
    data.writeText(text, 6);
    // The loading session also warms the cluster, so the two recorded sessions start alike.
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, Map.of())) {
      StarLoad.load(hive, text);
    }
    Path runA = recordSession(hiveDir, data, "hive-run-a");
    Path runB = recordSession(hiveDir, data, "hive-run-b");

    Path root = Path.of(System.getProperty("tezext.root", "..")).toAbsolutePath();
    Path work = Files.createDirectories(Path.of("target", "hive-fidelity").toAbsolutePath());
    List<String> fidelityOut = simulator(root, "io.tezext.simulator.bench.fidelity.HistoryFidelity",
        "--run-a", runA.toString(), "--run-b", runB.toString(), "--node-memory-mb",
        String.valueOf(CLUSTER.nodeMemoryMb()), "--node-vcores", String.valueOf(CLUSTER.nodeVcores()),
        "--out", work.toString());
    List<String> compareOut = simulator(root, "io.tezext.simulator.bench.compare.SchedCompareBenchmark",
        "--scenarios", "history_replay", "--history", runA.toString(), "--skip-tuning", "--skip-penalties",
        "--report-seeds", "1,2,3");
    ObjectMapper json = new ObjectMapper();
    JsonNode fidelity = json.readTree(fidelityOut.get(fidelityOut.size() - 1));
    JsonNode atScale = json.readTree(compareOut.get(compareOut.size() - 1)).path("scenarios").path("history_replay");

    Map<String, Object> result = new LinkedHashMap<>();
    result.put("benchmark", "hive-fidelity");
    result.put("queries", StarQueries.ALL.size());
    result.put("dags", fidelity.path("dags_scored").asInt());
    result.put("runtime_error_pct_mean", fidelity.path("runtime_error_pct_mean").asDouble());
    result.put("runtime_error_pct_max", fidelity.path("runtime_error_pct_max").asDouble());
    result.put("dags_within_10pct", fidelity.path("dags_within_10pct").asInt());
    Map<String, Object> scaled = new LinkedHashMap<>();
    scaled.put("description", atScale.path("description").asText());
    scaled.put("dagaware_mean_jct_s", atScale.path("dagaware_mean_jct_s").asDouble());
    scaled.put("ours_mean_jct_s", atScale.path("ours_mean_jct_s").asDouble());
    scaled.put("mean_jct_ratio", atScale.path("mean_jct_ratio").asDouble());
    scaled.put("dagaware_node_local", atScale.path("dagaware_node_local").asDouble());
    scaled.put("ours_node_local", atScale.path("ours_node_local").asDouble());
    scaled.put("memory_allocated", atScale.path("memory_allocated").asDouble());
    scaled.put("dags_failed", atScale.path("dags_failed").asInt());
    result.put("ours_vs_dagaware_at_scale", scaled);
    String report = String.join("\n", fidelityOut) + "\n" + String.join("\n", compareOut) + "\n"
        + json.writeValueAsString(result) + "\n";
    Files.writeString(Path.of("target", "hive-fidelity.txt"), report);
    System.out.println(report);

    assertThat(result.get("dags")).as(report).isEqualTo(2 * StarQueries.ALL.size());
    assertThat(scaled.get("dags_failed")).as(report).isEqualTo(0);
  }

  /** Runs every query in a session of its own that records proto history; returns the history. */
  private static Path recordSession(Path hiveDir, StarSchema data, String name) throws Exception {
    Path history = CLUSTER.newDirectory(name);
    Map<String, String> settings = new LinkedHashMap<>(SCHEDULER_CONF);
    settings.put("tez.history.logging.service.class",
        "org.apache.tez.dag.history.logging.proto.ProtoHistoryLoggingService");
    settings.put("tez.history.logging.proto-base-dir", history.toUri().toString());
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, settings)) {
      for (StarQueries.Query q : StarQueries.ALL) {
        for (String setting : q.settings()) {
          hive.run(setting);
        }
        q.check(hive.query(q.sql()), data);
      }
    }
    return history;
  }

  /** Runs a simulator main in a JVM of its own (its class path is not Hive's); its output lines. */
  private static List<String> simulator(Path root, String main, String... args)
      throws IOException, InterruptedException {
    Path module = root.resolve("sim-bench/target");
    String classpath = module.resolve("classes") + ":" + Files.readString(module.resolve("runtime-classpath.txt"))
        .trim();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx3g", "-XX:+UseParallelGC", "-Dtezext.root=" + root));
    command.addAll(List.of(TezTestCluster.JDK17_OPENS.split(" ")));
    command.addAll(List.of("-cp", classpath, main));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(false)
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = process.waitFor();
    assertThat(code).as("%s %s\n%s", main, String.join(" ", args), out).isZero();
    return List.of(out.strip().split("\n"));
  }
}
