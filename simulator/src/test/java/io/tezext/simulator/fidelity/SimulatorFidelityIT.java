package io.tezext.simulator.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.simulator.cli.TezextSim;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.tezhistory.HistoryInput;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;
import io.tezext.testkit.TezTestCluster;

/**
 * How closely the simulator replays real DAGs, measured the way a user would: run the same four DAGs
 * in two Tez sessions on a real Tez-on-YARN cluster (one logging simple history, one proto history),
 * then, through the command line, calibrate a scenario on one session's history ({@code tezext-sim
 * calibrate}), supply what history cannot tell (node memory and vcores, as a user edits the file),
 * replay the other session with it ({@code tezext-sim run --calibrate off}) and compare each DAG's
 * run time; and the same the other way round. No value is fitted to the session it is scored on.
 */
class SimulatorFidelityIT {
  static final int NODES = 2;
  static final int NODE_MB = 4096;
  static final int NODE_VCORES = 8;
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Idle containers are kept for longer than any DAG here. With Tez's default (a random 5–10 s),
   * whether a container idle in one DAG survives into the next depends on the draw: a coin flip per
   * run that moved the real chain DAG by 20% between two runs. The history records the setting, and
   * calibration carries it into the replay.
   */
  static final Map<String, String> SCHEDULER_CONF = Map.of(
      TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS, "30000",
      TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS, "30000");

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().nodeManagers(NODES).nodeMemoryMb(NODE_MB).build();

  @Test
  void aReplayCalibratedOnOneRunIsCloseToAnotherRun() throws Exception {
    // A production cluster's NodeManagers have long been running: only the session, its AM and its
    // JVMs start cold. A fresh mini cluster's first application also meets cold NodeManagers and
    // caches, which would make whichever session runs first unlike the other; a session before
    // the recorded ones takes that.
    runFidelityDags("fidelity-warm-up", conf -> { });
    Path simple = CLUSTER.newDirectory("history");
    runFidelityDags("fidelity-simple", conf -> {
      conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_SERVICE_CLASS,
          "org.apache.tez.dag.history.logging.impl.SimpleHistoryLoggingService");
      conf.set(TezConfiguration.TEZ_SIMPLE_HISTORY_LOGGING_DIR, simple.toUri().toString());
    });
    Path proto = CLUSTER.newDirectory("proto-history");
    runFidelityDags("fidelity-proto", conf -> {
      conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_SERVICE_CLASS,
          "org.apache.tez.dag.history.logging.proto.ProtoHistoryLoggingService");
      conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_PROTO_BASE_DIR, proto.toUri().toString());
    });
    assertProtoHistoryReadsBackTheSubmittedDags(proto);

    Path work = Files.createDirectories(Path.of("target", "sim-fidelity"));
    Score simpleOnProto = score("calibrated on the simple-history run, scored on the proto-history run",
        simple, proto, work.resolve("from-simple"));
    Score protoOnSimple = score("calibrated on the proto-history run, scored on the simple-history run",
        proto, simple, work.resolve("from-proto"));

    List<Double> errors = new ArrayList<>(simpleOnProto.errors());
    errors.addAll(protoOnSimple.errors());
    double mean = errors.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double max = errors.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    long within = errors.stream().filter(e -> e <= 10.0).count();
    String report = simpleOnProto.table() + protoOnSimple.table() + String.format(Locale.ROOT,
        "{\"benchmark\":\"sim-fidelity\",\"dags_scored\":%d,\"runtime_error_pct_mean\":%.1f,"
            + "\"runtime_error_pct_max\":%.1f,\"dags_within_10pct\":%d,\"max_simple_on_proto\":%.1f,"
            + "\"max_proto_on_simple\":%.1f,\"baseline\":{\"name\":\"the recorded run\",\"runtime_error_pct\":0},"
            + "\"goal_max_error_pct\":10,\"meets_goal\":%s}%n",
        errors.size(), mean, max, within, simpleOnProto.max(), protoOnSimple.max(), max <= 10.0);
    Files.writeString(Path.of("target", "sim-fidelity.txt"), report);
    System.out.println(report);

    // A regression guard, not the goal (10%, tracked by bench/run sim-fidelity): both runs share one
    // busy 2-core host, whose load varies from run to run.
    assertThat(max).as(report).isLessThanOrEqualTo(20.0);
  }

  /** The proto run's history reads back as the DAGs submitted: names, parallelism, edge kinds, one session. */
  private static void assertProtoHistoryReadsBackTheSubmittedDags(Path proto) throws Exception {
    assertThat(WorkloadFormat.detect(proto)).isEqualTo(WorkloadFormat.TEZ_PROTO_HISTORY);
    List<String> skipped = new ArrayList<>();
    RecordedHistory recorded = TezHistoryReader.readHistory(new ProtoHistoryFiles(proto), false, skipped);
    assertThat(skipped).isEmpty();
    List<DAG> submitted = FidelityDags.all(CLUSTER.tezConfiguration());
    List<DagSpec> read = recorded.workload().submissions().stream().map(DagSubmission::dag).toList();
    assertThat(read).extracting(DagSpec::name).containsExactlyElementsOf(submitted.stream().map(DAG::getName).toList());
    for (int i = 0; i < read.size(); i++) {
      Map<String, Integer> parallelism = new TreeMap<>();
      submitted.get(i).getVertices().forEach(v -> parallelism.put(v.getName(), v.getParallelism()));
      Map<String, Integer> readParallelism = new TreeMap<>();
      read.get(i).vertices().forEach(v -> readParallelism.put(v.name(), v.parallelism()));
      assertThat(readParallelism).as(read.get(i).name()).isEqualTo(parallelism);
    }
    assertThat(read).flatExtracting(DagSpec::edges).extracting(EdgeSpec::movement)
        .contains(DataMovement.SCATTER_GATHER, DataMovement.BROADCAST, DataMovement.ONE_TO_ONE);
    assertThat(recorded.workload().submissions()).extracting(DagSubmission::session).containsOnly(
        recorded.workload().submissions().get(0).session());
  }

  /**
   * Calibrates on {@code calibrateOn} and replays {@code scoreOn} through the command line, as a user
   * would; returns each DAG's run-time error against {@code scoreOn}'s record.
   */
  private static Score score(String title, Path calibrateOn, Path scoreOn, Path dir) throws Exception {
    Files.createDirectories(dir);
    Path scenario = dir.resolve("calibrated.json");
    cli("calibrate", "--workload", calibrateOn.toString(), "--out", scenario.toString());
    supplyNodeResources(scenario);
    Path out = dir.resolve("replay");
    cli("run", "--cluster", scenario.toString(), "--workload", scoreOn.toString(), "--calibrate", "off",
        "--scheduler", "dagaware", "--format", "json", "--out", out.toString(), "--overwrite", "--quiet");

    RecordedHistory recorded = TezHistoryReader.readHistory(historyAt(scoreOn), false, new ArrayList<>());
    JsonNode dags = JSON.readTree(out.resolve("dags.json").toFile());
    StringBuilder table = new StringBuilder(title + "\ndag, recorded_ms, simulated_ms, error_pct\n");
    List<Double> errors = new ArrayList<>();
    for (RecordedHistory.RecordedRun run : recorded.runs()) {
      JsonNode sim = find(dags, run.dagId());
      long simulated = sim.path("finishMs").asLong() - sim.path("startMs").asLong();
      double error = 100.0 * Math.abs(simulated - run.runtimeMs()) / run.runtimeMs();
      errors.add(error);
      table.append(String.format(Locale.ROOT, "%s, %d, %d, %.1f%n", sim.path("name").asText(), run.runtimeMs(),
          simulated, error));
    }
    return new Score(table.toString(), errors);
  }

  /** What the history cannot say and a user supplies: the NodeManagers' memory and vcores. */
  private static void supplyNodeResources(Path scenario) throws Exception {
    ObjectNode root = (ObjectNode) JSON.readTree(scenario.toFile());
    for (JsonNode node : root.path("nodes")) {
      ((ObjectNode) node).put("memoryMb", NODE_MB).put("vcores", NODE_VCORES);
    }
    assertThat(root.path("nodes")).as("the NodeManagers the history names").hasSize(NODES);
    JSON.writerWithDefaultPrettyPrinter().writeValue(scenario.toFile(), root);
  }

  private static HistoryInput historyAt(Path dir) throws Exception {
    return WorkloadFormat.detect(dir).historyInput(dir);
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
    throw new AssertionError("the replay has no DAG " + id + ": " + dags);
  }

  private static void cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    assertThat(code).as(String.join(" ", args) + "\n" + out + err).isZero();
  }

  private record Score(String table, List<Double> errors) {
    double max() {
      return errors.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
  }

  /** Runs the fidelity DAGs one after another in one Tez session, then waits for its AM to exit. */
  private static void runFidelityDags(String name, Consumer<TezConfiguration> historyLogging) throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    historyLogging.accept(conf);
    SCHEDULER_CONF.forEach(conf::set);
    TezClient session = TezClient.create(name, conf, true);
    session.start();
    try {
      session.waitTillReady();
      for (DAG dag : FidelityDags.all(conf)) {
        DAGStatus status = session.submitDAG(dag).waitForCompletionWithStatusUpdates(
            EnumSet.noneOf(StatusGetOpts.class));
        assertThat(status.getState()).as(dag.getName()).isEqualTo(DAGStatus.State.SUCCEEDED);
      }
    } finally {
      session.stop();
    }
    awaitExit(session.getAppMasterApplicationId()); // the AM writes its last history records on the way out
  }

  private static void awaitExit(ApplicationId app) throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(CLUSTER.yarnCluster().getConfig());
      yarn.start();
      for (int i = 0; i < 120; i++) {
        YarnApplicationState state = yarn.getApplicationReport(app).getYarnApplicationState();
        if (EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED)
            .contains(state)) {
          return;
        }
        Thread.sleep(500); // a real cluster, in real time
      }
      throw new AssertionError("the Tez AM of " + app + " did not exit within a minute");
    }
  }
}
