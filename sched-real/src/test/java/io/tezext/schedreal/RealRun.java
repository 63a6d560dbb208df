package io.tezext.schedreal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.commons.io.FileUtils;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppMetrics;
import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.DAGCounter;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGStatus;

import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;
import io.tezext.testkit.TezTestCluster;

/**
 * One real run on a {@link ContendedCluster}: a fresh Tez session in the session queue, with the
 * scheduler under test, and the competing application in the batch queue start together; once the
 * competitor has grown over its share into what the idle session leaves, the session runs the DAGs
 * one after another; then both stop. Each application records Tez proto history under
 * the run's directory, and {@code manifest.json} ({@link RunManifest}) says what ran, where, and what
 * happened to the containers.
 */
final class RealRun {
  /** A DAG still running after this long is killed and the run fails: a hung scheduler must not hang the build. */
  static final Duration DAG_DEADLINE = Duration.ofMinutes(5);
  /** How much of the cluster the competitor holds before the session's first DAG: all it will, 75%. */
  static final double COMPETITOR_HOLDS = 0.75;

  private final TezTestCluster cluster;
  private final Path runsDir;

  RealRun(TezTestCluster cluster, Path runsDir) {
    this.cluster = cluster;
    this.runsDir = runsDir;
  }

  /** Runs {@code shape} in {@code session} to its end; one that did not succeed fails the run, naming it. */
  static DAGStatus runToSuccess(String runId, TezClient session, DagShape shape, TezConfiguration conf,
      TezTestCluster cluster) throws Exception {
    DAGStatus status = TezTestCluster.runDag(session, ShapedDags.toDag(shape, conf, cluster.nodeHosts().hosts()),
        DAG_DEADLINE);
    if (status.getState() != DAGStatus.State.SUCCEEDED) {
      throw new IllegalStateException(runId + ": " + shape.name() + " ended " + status.getState() + ": "
          + status.getDiagnostics());
    }
    return status;
  }

  /** Proto history for the application {@code conf} starts, under {@code dir}. */
  static void recordProtoHistory(TezConfiguration conf, Path dir) throws IOException {
    Files.createDirectories(dir);
    conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_SERVICE_CLASS,
        "org.apache.tez.dag.history.logging.proto.ProtoHistoryLoggingService");
    conf.set(TezConfiguration.TEZ_HISTORY_LOGGING_PROTO_BASE_DIR, dir.toUri().toString());
  }

  /**
   * Runs {@code dags} in a session with {@code scheduler}, its keys set to {@code schedulerConf} (empty:
   * its defaults); the run's files go to {@code runsDir/runId}.
   */
  RunManifest run(String runId, SchedulerUnderTest scheduler, Map<String, String> schedulerConf, int pair,
      int orderInPair, List<DagShape> dags) throws Exception {
    Path runDir = runsDir.resolve(runId);
    FileUtils.deleteDirectory(runDir.toFile()); // a run's directory holds that run only: history adds to what it finds
    Path sessionHistory = runDir.resolve("history/session");
    Path competitorHistory = runDir.resolve("history/competitor");
    List<RunManifest.DagRun> dagRuns = new ArrayList<>();
    TezConfiguration conf = cluster.tezConfiguration();
    conf.set(TezConfiguration.TEZ_QUEUE_NAME, ContendedCluster.SESSION_QUEUE);
    conf.set(TezConfiguration.TEZ_AM_YARN_SCHEDULER_CLASS, scheduler.className());
    schedulerConf.forEach(conf::set);
    recordProtoHistory(conf, sessionHistory);
    TezClient session = TezClient.create("session-" + runId, conf, true);
    double loadAtStart = RunManifest.Machine.loadAverage();
    // The session's AM starts on the empty cluster while the competitor starts beside it and then
    // grows into all the session leaves idle; the DAGs come once the competitor is over its share.
    session.start();
    ApplicationId sessionApp = session.getAppMasterApplicationId();
    ApplicationId competitorApp;
    try (Competitor competitor = Competitor.start(cluster, ContendedCluster.BATCH_QUEUE, competitorHistory)) {
      competitorApp = competitor.appId();
      session.waitTillReady();
      competitor.awaitHolding(COMPETITOR_HOLDS, Duration.ofMinutes(2));
      for (DagShape shape : dags) {
        long submitted = System.currentTimeMillis();
        DAGStatus status = runToSuccess(runId, session, shape, conf, cluster);
        long done = System.currentTimeMillis();
        dagRuns.add(clientView(shape, status, submitted, done, cluster.nodeHosts().hosts()));
      }
    } finally {
      session.stop();
    }
    cluster.awaitExit(sessionApp); // the AM writes its last history records on its way out
    RunManifest manifest = new RunManifest("sched-real", runId, pair, orderInPair, scheduler.label(),
        scheduler.className(), ContendedCluster.shape(cluster),
        app(sessionApp, ContendedCluster.SESSION_QUEUE, runDir, sessionHistory),
        app(competitorApp, ContendedCluster.BATCH_QUEUE, runDir, competitorHistory),
        withHistoryTimes(dagRuns, sessionHistory), RunManifest.Machine.now(loadAtStart), Map.copyOf(schedulerConf));
    manifest.write(runDir);
    return manifest;
  }

  /** What the client saw of a DAG: its state, times, and the rows and locality its counters give. */
  private static RunManifest.DagRun clientView(DagShape shape, DAGStatus status, long submitted, long done,
      List<String> hosts) throws IOException {
    TezCounters counters = status.getDAGCounters();
    Map<String, Long> rowsIn = new TreeMap<>();
    for (DagShape.VertexShape v : shape.vertices()) {
      rowsIn.put(v.name(), counters == null ? 0
          : counters.findCounter(WorkProcessor.ROWS_GROUP, WorkProcessor.rowsInCounter(v.name())).getValue());
    }
    return new RunManifest.DagRun(shape.name(), null, status.getState().name(), 0, 0, submitted, done,
        counter(counters, DAGCounter.DATA_LOCAL_TASKS), counter(counters, DAGCounter.RACK_LOCAL_TASKS),
        counter(counters, DAGCounter.OTHER_LOCAL_TASKS), rowsIn, rowsIn.equals(shape.expectedRowsIn()), shape,
        ShapedDags.hints(shape, hosts));
  }

  private static long counter(TezCounters counters, DAGCounter c) {
    return counters == null ? 0 : counters.findCounter(c).getValue();
  }

  /**
   * Each DAG's id and its start and end as the AM recorded them, which a replay is scored against,
   * read back with the simulator's history reader.
   */
  private static List<RunManifest.DagRun> withHistoryTimes(List<RunManifest.DagRun> runs, Path history)
      throws IOException {
    List<String> skipped = new ArrayList<>();
    RecordedHistory recorded = TezHistoryReader.readHistory(new ProtoHistoryFiles(history), true, skipped);
    List<RecordedHistory.RecordedRun> recordedRuns = recorded.runs();
    List<String> names = recorded.workload().submissions().stream().map(s -> s.dag().name()).toList();
    List<RunManifest.DagRun> out = new ArrayList<>();
    for (RunManifest.DagRun r : runs) {
      int i = names.indexOf(r.name());
      if (i < 0) {
        throw new IllegalStateException("the session's history under " + history + " has no run of " + r.name()
            + " (DAGs it holds: " + names + "; records it could not use: " + skipped + ")");
      }
      RecordedHistory.RecordedRun h = recordedRuns.get(i);
      out.add(new RunManifest.DagRun(r.name(), h.dagId(), r.state(), h.startMs(), h.endMs(), r.clientSubmitMs(),
          r.clientDoneMs(), r.dataLocalTasks(), r.rackLocalTasks(), r.otherLocalTasks(), r.rowsIn(),
          r.rowsAsExpected(), r.shape(), r.hints()));
    }
    return out;
  }

  /** An application's record: the RM's count of containers it preempted, and what its history says. */
  private RunManifest.App app(ApplicationId id, String queue, Path runDir, Path history) throws IOException {
    RMApp app = cluster.yarnCluster().getResourceManager().getRMContext().getRMApps().get(id);
    RMAppMetrics metrics = app.getRMAppMetrics();
    return new RunManifest.App(id.toString(), queue, runDir.relativize(history).toString(),
        metrics.getNumNonAMContainersPreempted(), metrics.getNumAMContainersPreempted(), HistoryFigures.read(history));
  }
}
