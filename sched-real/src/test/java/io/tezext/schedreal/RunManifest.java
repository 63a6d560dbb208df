package io.tezext.schedreal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.tezext.testkit.CapacityQueue;
import io.tezext.testkit.RmPreemption;

/**
 * One real run, as {@code manifest.json} beside its histories records it: which scheduler ran, where
 * in its pair, on what cluster, each DAG's times, rows and locality, and what happened to the
 * containers of the session and of the competing application. A replay reads the histories
 * ({@link #sessionHistory}, {@link #competitorHistory}) and this file for what history lacks: the
 * cluster's shape, queues and preemption settings.
 *
 * @param runId the run's directory name
 * @param pair the pair it belongs to, from 0
 * @param orderInPair 0 if it ran first in its pair, 1 if second (the order alternates pair by pair)
 * @param scheduler the scheduler's short name ({@code dagaware}, {@code tezext})
 * @param schedulerClass what {@code tez.am.yarn.scheduler.class} named
 * @param machine the host the run ran on (absent from manifests recorded before it was kept)
 * @param schedulerConf the scheduler's keys the run set (empty or absent: the scheduler's defaults)
 */
record RunManifest(String benchmark, String runId, int pair, int orderInPair, String scheduler, String schedulerClass,
    Cluster cluster, App session, App competitor, List<DagRun> dags, Machine machine,
    Map<String, String> schedulerConf) {
  static final String FILE = "manifest.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The scheduler as {@code tezext-sim --scheduler} names it: its short name, with the keys the run set. */
  String schedulerSpec() {
    if (schedulerConf == null || schedulerConf.isEmpty()) {
      return scheduler;
    }
    StringJoiner keys = new StringJoiner(";", scheduler + "(", ")");
    new TreeMap<>(schedulerConf).forEach((k, v) -> keys.add(k + "=" + v));
    return keys.toString();
  }

  /**
   * The cluster: its nodes, the CapacityScheduler's queues, resource calculator and minimum
   * allocation, the RM's preemption settings, and the container sizes the applications asked for.
   */
  record Cluster(List<Node> nodes, String resourceCalculator, int minimumAllocationMb, List<CapacityQueue> queues, RmPreemption rmPreemption,
      int amMemoryMb, int taskMemoryMb, int taskVcores) {
  }

  record Node(String host, String rack, int memoryMb, int vcores) {
  }

  /**
   * The host the cluster ran on, whose load moves every real time: its cores and its one-minute load
   * average when the session started and when the run ended.
   */
  record Machine(int cores, double loadAverageAtStart, double loadAverageAtEnd) {
    static Machine now(double loadAverageAtStart) {
      return new Machine(Runtime.getRuntime().availableProcessors(), loadAverageAtStart, loadAverage());
    }

    static double loadAverage() {
      return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
  }

  /**
   * An application of the run.
   *
   * @param historyDir its Tez proto history, relative to the run's directory
   * @param rmPreemptedContainers task containers the RM preempted from it (the RM's own count)
   * @param rmPreemptedAmContainers AM containers the RM preempted from it
   * @param history what its history says
   */
  record App(String appId, String queue, String historyDir, int rmPreemptedContainers, int rmPreemptedAmContainers,
      HistoryFigures history) {
  }

  /**
   * One DAG of the session.
   *
   * @param startMs when the AM started it (history), epoch milliseconds
   * @param endMs when it finished (history)
   * @param clientSubmitMs when the client submitted it
   * @param clientDoneMs when the client saw it finish
   * @param rowsIn the rows each vertex's tasks read in all
   * @param rowsAsExpected whether every vertex read what its shape says (every record crossed every edge once)
   * @param hints each scanning vertex's location hint per task (a host), which history does not keep
   */
  record DagRun(String name, String dagId, String state, long startMs, long endMs, long clientSubmitMs,
      long clientDoneMs, long dataLocalTasks, long rackLocalTasks, long otherLocalTasks, Map<String, Long> rowsIn,
      boolean rowsAsExpected, DagShape shape, Map<String, List<String>> hints) {
    long runtimeMs() {
      return endMs - startMs;
    }
  }

  Path sessionHistory(Path runDir) {
    return runDir.resolve(session.historyDir());
  }

  Path competitorHistory(Path runDir) {
    return runDir.resolve(competitor.historyDir());
  }

  void write(Path runDir) throws IOException {
    Files.createDirectories(runDir);
    JSON.writeValue(runDir.resolve(FILE).toFile(), this);
  }

  static RunManifest read(Path runDir) throws IOException {
    return JSON.readValue(runDir.resolve(FILE).toFile(), RunManifest.class);
  }
}
