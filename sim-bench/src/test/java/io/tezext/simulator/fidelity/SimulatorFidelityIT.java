package io.tezext.simulator.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.simulator.bench.fidelity.ReplayScore;
import io.tezext.simulator.bench.fidelity.ReplayScore.Score;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.WorkloadFormat;
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
    Score simpleOnProto = ReplayScore.score("calibrated on the simple-history run, scored on the proto-history run",
        simple, proto, work.resolve("from-simple"), NODE_MB, NODE_VCORES);
    Score protoOnSimple = ReplayScore.score("calibrated on the proto-history run, scored on the simple-history run",
        proto, simple, work.resolve("from-proto"), NODE_MB, NODE_VCORES);

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

    // Every recorded DAG replayed to its end, scored both ways. How close is the benchmark's figure,
    // not a pass or a fail here: the real runs' times move with this shared host's load (the same DAG
    // has differed by 19% between the two sessions of one run), so a bound on them fails builds for
    // the machine's sake, not the model's.
    assertThat(errors).as(report).hasSize(2 * FidelityDags.all(CLUSTER.tezConfiguration()).size())
        .allMatch(Double::isFinite);
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
    CLUSTER.awaitExit(session.getAppMasterApplicationId()); // the AM writes its last history records on the way out
  }
}
