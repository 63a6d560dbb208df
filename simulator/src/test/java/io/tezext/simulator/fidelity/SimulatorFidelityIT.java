package io.tezext.simulator.fidelity;

import static io.tezext.simulator.am.AmSettings.CONTAINER_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.REUSE_LAUNCH_MS;

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

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.NodeSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.Locality;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.tezhistory.LaunchLatencies;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.SimpleHistoryFiles;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;
import io.tezext.testkit.TezTestCluster;

/**
 * Runs DAGs on a real Tez-on-YARN cluster with history logging on, reads the history back, replays
 * it on a simulated cluster shaped like the real one with the same scheduler, and compares each
 * DAG's run time, once from simple history and once from proto history. The model's launch
 * latencies are calibrated from each history, not from this test.
 */
class SimulatorFidelityIT {
  static final int NODES = 2;
  static final int NODE_MB = 4096;

  /**
   * Idle containers are kept for longer than any DAG here, in the real session and in the replay.
   * With Tez's default (a random 5–10 s), whether a container idle in one DAG survives into the next
   * depends on the draw and on which idle container DagAware picks first from an identity-hashed
   * set: a coin flip per run that moved the real chain DAG by 20% between two runs of this test.
   * Fixing it compares the model, not the coin.
   */
  static final Map<String, String> SCHEDULER_CONF = Map.of(
      TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS, "30000",
      TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS, "30000");

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().nodeManagers(NODES).nodeMemoryMb(NODE_MB).build();

  @Test
  void replayedDagRunTimesAreCloseToTheRecordedOnes() throws Exception {
    Path history = CLUSTER.newDirectory("history");
    runFidelityDags("fidelity", conf -> {
      conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_SERVICE_CLASS,
          "org.apache.tez.dag.history.logging.impl.SimpleHistoryLoggingService");
      conf.set(TezConfiguration.TEZ_SIMPLE_HISTORY_LOGGING_DIR, history.toUri().toString());
    });

    RecordedHistory recorded = TezHistoryReader.readHistory(new SimpleHistoryFiles(history), false, new ArrayList<>());
    Comparison c = compare(recorded);
    Files.writeString(Path.of("target", "sim-fidelity.txt"), c.report());
    System.out.println(c.report());

    // A regression guard, not the goal (10%, tracked by bench/run sim-fidelity): the real side runs
    // on one busy 2-core host, and its first DAG's launches vary with the load (8-14% seen).
    assertThat(c.maxErrorPct()).as(c.report()).isLessThanOrEqualTo(20.0);
  }

  /** The third history form: the same DAGs logged by ProtoHistoryLoggingService read back alike. */
  @Test
  void protoHistoryReadsBackTheDagsAndReplaysAsClosely() throws Exception {
    Path history = CLUSTER.newDirectory("proto-history");
    runFidelityDags("fidelity-proto", conf -> {
      conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_SERVICE_CLASS,
          "org.apache.tez.dag.history.logging.proto.ProtoHistoryLoggingService");
      conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_PROTO_BASE_DIR, history.toUri().toString());
    });

    assertThat(WorkloadFormat.detect(history)).isEqualTo(WorkloadFormat.TEZ_PROTO_HISTORY);
    List<String> skipped = new ArrayList<>();
    RecordedHistory recorded = TezHistoryReader.readHistory(new ProtoHistoryFiles(history), false, skipped);
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

    Comparison c = compare(recorded);
    Files.writeString(Path.of("target", "sim-fidelity-proto.txt"), c.report());
    System.out.println(c.report());
    assertThat(c.maxErrorPct()).as(c.report()).isLessThanOrEqualTo(20.0);
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

  /** Replays the recorded DAGs on a simulated copy of the mini cluster and compares run times. */
  private static Comparison compare(RecordedHistory recorded) {
    RunResult replay = new Simulation(miniClusterLike(recorded), recorded.workload(),
        SchedulerSpec.parse("dagaware"), true, Simulation.ProgressListener.NONE).run();
    assertThat(replay.dags()).hasSize(recorded.runs().size()).allMatch(DagRecord::succeeded);
    List<Double> errors = new ArrayList<>();
    StringBuilder table = new StringBuilder("dag, recorded_ms, simulated_ms, error_pct\n");
    for (RecordedHistory.RecordedRun run : recorded.runs()) {
      DagRecord sim = replay.dags().stream().filter(d -> d.id().equals(run.dagId())).findFirst().orElseThrow();
      long simulated = sim.finishMs() - sim.startMs();
      double error = 100.0 * Math.abs(simulated - run.runtimeMs()) / run.runtimeMs();
      errors.add(error);
      table.append(String.format(Locale.ROOT, "%s, %d, %d, %.1f%n", sim.name(), run.runtimeMs(), simulated, error));
    }
    double mean = errors.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double max = errors.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    long recordedLocal = recorded.runs().stream().mapToLong(RecordedHistory.RecordedRun::dataLocalTasks).sum();
    long recordedWithPreference = recorded.runs().stream()
        .mapToLong(RecordedHistory.RecordedRun::tasksPreferringHosts).sum();
    List<AttemptRecord> simulatedWithPreference = replay.attempts().stream()
        .filter(a -> a.outcome() == AttemptOutcome.SUCCEEDED && a.locality() != Locality.ANY).toList();
    long simulatedLocal = simulatedWithPreference.stream().filter(a -> a.locality() == Locality.NODE_LOCAL).count();
    double localityErrorPts = Math.abs(percent(recordedLocal, recordedWithPreference)
        - percent(simulatedLocal, simulatedWithPreference.size()));
    String json = String.format(Locale.ROOT, "{\"benchmark\":\"sim-fidelity\",\"dags\":%d,"
        + "\"runtime_error_pct_mean\":%.1f,\"runtime_error_pct_max\":%.1f,\"locality_error_pts\":%.1f,"
        + "\"tasks_preferring_hosts\":{\"recorded\":%d,\"simulated\":%d},"
        + "\"cold_launch_ms\":%d,\"localization_ms\":%d,\"warm_launch_ms\":%d}", errors.size(), mean, max,
        localityErrorPts, recordedWithPreference, simulatedWithPreference.size(),
        recorded.launches().medianColdMs(0), recorded.launches().medianLocalizationMs(),
        recorded.launches().medianWarmMs(0));
    return new Comparison(table + json + "\n", max);
  }

  /** Node-local share in percent; no attempt with a preference counts as fully local (nothing to miss). */
  private static double percent(long local, long withPreference) {
    return withPreference == 0 ? 100.0 : 100.0 * local / withPreference;
  }

  /** The per-DAG table and, as its last line, the benchmark's JSON. */
  private record Comparison(String report, double maxErrorPct) {
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

  /** The mini cluster's shape, and the launch latencies the history itself recorded. */
  private static Scenario miniClusterLike(RecordedHistory recorded) {
    List<NodeSpec> nodes = new ArrayList<>();
    for (int i = 0; i < NODES; i++) {
      nodes.add(new NodeSpec("nm-" + i, "/default-rack", NODE_MB, 8));
    }
    AmSettings d = AmSettings.DEFAULTS;
    LaunchLatencies launches = recorded.launches();
    AmSettings am = d.with(AmSettings.AM_MEMORY_MB, 512)
        .with(AmSettings.CONTAINER_LAUNCH_MS, launches.medianColdMs(d.get(CONTAINER_LAUNCH_MS)))
        .with(AmSettings.LOCALIZATION_MS, launches.medianLocalizationMs())
        .with(AmSettings.REUSE_LAUNCH_MS, launches.medianWarmMs(d.get(REUSE_LAUNCH_MS)))
        .with(AmSettings.RACK_LOCAL_PENALTY, 0.0).with(AmSettings.OFF_SWITCH_PENALTY, 0.0)
        .with(AmSettings.SHUFFLE_OVERLAP, 0.0).withTezConf(SCHEDULER_CONF);
    return new Scenario(new ClusterSpec(nodes, List.of(), YarnSettings.DEFAULTS), am, Failures.NONE, 1, 10_000);
  }
}
