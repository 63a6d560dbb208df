package io.tezext.simulator.bench.compare;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import io.tezext.simulator.am.HistoryCalibration;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.ReplicaPlacement;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.synthetic.DagShape;
import io.tezext.simulator.workload.synthetic.Draws;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

/**
 * The situations {@code bench/run sched-compare} compares the schedulers in, all but one on the
 * reference cluster (simulator/scenarios/reference.json: 4 racks of 10 nodes, 64 GB each). They were
 * fixed before any scheduler was tuned on them and are not to be changed to suit a result: add a new
 * one instead. Each is loaded the way a production cluster is, not a few percent busy.
 */
public final class ComparisonScenarios {
  private final Path projectRoot;
  private final Path history;

  public ComparisonScenarios(Path projectRoot) {
    this(projectRoot, null);
  }

  /**
   * @param history the Tez history {@code history_replay} scales (any format {@code tezext-sim run}
   *     reads); null for the repository's recorded session
   */
  public ComparisonScenarios(Path projectRoot, Path history) {
    this.projectRoot = projectRoot;
    this.history = history;
  }

  public List<ComparisonScenario> all() {
    return List.of(hdfsScans(), objectStoreScans(), deepJoins(), smallDags(), mixed(), historyReplay(),
        smallClusterSessions());
  }

  /** Hive-like queries scanning HDFS on a busy cluster: locality and reuse decide the waiting. */
  ComparisonScenario hdfsScans() {
    return new ComparisonScenario("hdfs_busy", "TPC-DS-like queries scanning HDFS, 32 sessions, cluster ~75% busy",
        true, true, false, seed -> {
          Scenario s = reference(seed, Failures.NONE);
          SyntheticOptions o = new SyntheticOptions(200, 12_000, SyntheticOptions.TPCDS_MIX, 8, 400, 30_000, 0.8,
              0.0, 32, List.of("default"));
          return new ComparisonScenario.Run(s, SyntheticWorkloads.generate(o, s.cluster().hosts(), seed));
        });
  }

  /** The same queries reading object storage: no locality to wait for, only reuse and launch costs. */
  ComparisonScenario objectStoreScans() {
    return new ComparisonScenario("object_store", "TPC-DS-like queries scanning object storage, 32 sessions, "
        + "cluster ~75% busy", true, false, false, seed -> {
          Scenario s = reference(seed, Failures.NONE);
          SyntheticOptions o = new SyntheticOptions(200, 12_000, SyntheticOptions.TPCDS_MIX, 8, 400, 30_000, 0.8,
              1.0, 32, List.of("default"));
          return new ComparisonScenario.Run(s, SyntheticWorkloads.generate(o, s.cluster().hosts(), seed));
        });
  }

  /**
   * Deep join DAGs filling their queue, with task containers failing now and then: a failed scan
   * task re-runs at a higher priority while the joins downstream of it hold the queue's containers,
   * so the AM must preempt its own work to finish.
   */
  ComparisonScenario deepJoins() {
    return new ComparisonScenario("deep_joins_preemption", "left-deep join DAGs (3-5 joins) over HDFS in a queue "
        + "capped at 60% of the cluster, 2% of attempts' containers fail", true, true, true, seed -> {
          Scenario base = reference(seed, new Failures(List.of(), 0.02));
          ClusterSpec cluster = withQueues(base.cluster(),
              List.of(new QueueSpec("etl", 60, 60), new QueueSpec("adhoc", 40, 40)));
          Scenario s = new Scenario(cluster, base.am(), base.failures(), seed, base.sampleIntervalMs());
          SyntheticOptions o = new SyntheticOptions(150, 30_000, Map.of(DagShape.DEEP_JOIN, 1.0), 8, 300, 30_000,
              0.8, 0.0, 24, List.of("etl"));
          return new ComparisonScenario.Run(s, SyntheticWorkloads.generate(o, cluster.hosts(), seed));
        });
  }

  /**
   * Many small queries, each session running one after another: container reuse between the DAGs
   * of a session decides, and launch costs weigh as much as the work.
   */
  ComparisonScenario smallDags() {
    return new ComparisonScenario("small_dags_sessions", "small queries (4-60 scan tasks, 10 s tasks) through 128 "
        + "sessions, one every 0.8 s", true, true, false, seed -> {
          Scenario s = reference(seed, Failures.NONE);
          SyntheticOptions o = new SyntheticOptions(2_400, 800, SyntheticOptions.TPCDS_MIX, 4, 60, 10_000, 0.6, 0.3,
              128, List.of("default"));
          return new ComparisonScenario.Run(s, SyntheticWorkloads.generate(o, s.cluster().hosts(), seed));
        });
  }

  /** Everything at once: two queues, HDFS and object storage, deep joins among the rest, some failures. */
  ComparisonScenario mixed() {
    return new ComparisonScenario("mixed", "TPC-DS-like mix with 10% deep joins, 30% object storage, queues etl "
        + "(70%) and adhoc (30%), 1% of containers fail", true, true, true, seed -> {
          Scenario base = reference(seed, new Failures(List.of(), 0.01));
          ClusterSpec cluster = withQueues(base.cluster(),
              List.of(new QueueSpec("etl", 70, 100), new QueueSpec("adhoc", 30, 100)));
          Scenario s = new Scenario(cluster, base.am(), base.failures(), seed, base.sampleIntervalMs());
          Map<DagShape, Double> shapes = Map.of(DagShape.SCAN_AGGREGATE, 0.27, DagShape.MULTI_JOIN, 0.32,
              DagShape.UNION, 0.09, DagShape.MAP_ONLY, 0.09, DagShape.PIPELINE, 0.13, DagShape.DEEP_JOIN, 0.10);
          SyntheticOptions o = new SyntheticOptions(200, 12_000, shapes, 8, 400, 30_000, 0.8, 0.3, 32,
              List.of("etl", "adhoc"));
          return new ComparisonScenario.Run(s, SyntheticWorkloads.generate(o, cluster.hosts(), seed));
        });
  }

  /**
   * The recorded Tez history in the repository (a real AM's DAGs on a two-node MiniTezCluster),
   * replayed as {@code tezext-sim run} replays history (launch model calibrated from it) and scaled
   * onto the reference cluster: each vertex gets {@value #HISTORY_PARALLELISM} times its tasks
   * (durations drawn from the vertex's recorded ones) in containers {@value #HISTORY_MEMORY_SCALE}
   * times larger (the reference nodes have 16 times the memory), root vertices read HDFS blocks placed
   * on the reference cluster, and copies of the recorded session arrive every half second over 100
   * sessions.
   */
  ComparisonScenario historyReplay() {
    String source = history == null ? "the repository's recorded Tez history" : "the Tez history in " + history;
    return new ComparisonScenario("history_replay", source + ", calibrated, each vertex x"
        + HISTORY_PARALLELISM + " tasks in x" + HISTORY_MEMORY_SCALE + " containers, " + HISTORY_COPIES
        + " session copies over 100 sessions", true, true, false, seed -> {
          RecordedHistory recorded = recordedHistory();
          Scenario s = reference(seed, Failures.NONE);
          s = s.withAm(HistoryCalibration.of(recorded).applyTo(s.am()));
          return new ComparisonScenario.Run(s, scaledHistory(recorded.workload(), s.cluster().hosts(), seed));
        });
  }

  /**
   * Three sessions sharing the one queue of a small cluster, each client submitting its next small
   * query a few seconds (exponentially distributed, mean {@value #SMALL_CLUSTER_THINK_MS} ms) after
   * the last one returned: the cluster of {@code bench/run sched-real-sessions}
   * (simulator/scenarios/small-cluster.json: 4 NodeManagers of 1 GB in 2 racks, AMs of 512 MB), so
   * that this scenario has a real counterpart to be checked against. Containers of
   * {@value #SMALL_CLUSTER_CONTAINER_MB} MB: the three sessions' containers are most of the queue,
   * and whether an idle one is held for the session's next vertex or DAG or handed to another
   * session decides the waiting.
   */
  ComparisonScenario smallClusterSessions() {
    return new ComparisonScenario("small_cluster_sessions", "3 closed-loop sessions of small queries (2-12 scan "
        + "tasks, 0.8 s tasks, a 3 s pause on average between a session's queries) sharing a 4-node, 4 GB cluster",
        true, true, false, seed -> {
          Scenario s = scenarioFile("small-cluster.json", seed, Failures.NONE);
          SyntheticOptions o = new SyntheticOptions(60, 1_000, SyntheticOptions.TPCDS_MIX, 2, 12, 800, 0.5, 0.0, 3,
              List.of("default"));
          Workload open = SyntheticWorkloads.generate(o, s.cluster().hosts(), seed);
          // think times from a stream of their own: the generator's draws stay those of the open workload
          return new ComparisonScenario.Run(s, closedLoop(open, SMALL_CLUSTER_THINK_MS, SMALL_CLUSTER_CONTAINER_MB,
              new SplittableRandom(seed ^ 0x5eed)));
        });
  }

  static final long SMALL_CLUSTER_THINK_MS = 3_000;
  static final int SMALL_CLUSTER_CONTAINER_MB = 256;

  /**
   * {@code open} with every DAG but each session's first submitted a think time (exponential, mean
   * {@code meanThinkMs}) after its session's previous DAG ended, and every container {@code memoryMb}.
   */
  static Workload closedLoop(Workload open, long meanThinkMs, int memoryMb, SplittableRandom random) {
    List<DagSubmission> submissions = new ArrayList<>();
    Set<String> started = new HashSet<>();
    for (DagSubmission d : open.submissions()) {
      long think = started.add(d.session()) ? DagSubmission.OPEN_LOOP
          : Draws.exponentialMs(random, meanThinkMs);
      List<VertexSpec> vertices = new ArrayList<>();
      for (VertexSpec v : d.dag().vertices()) {
        vertices.add(new VertexSpec(v.name(), memoryMb, v.vcores(), v.input(), v.inputInitMs(), v.tasks()));
      }
      submissions.add(new DagSubmission(d.id(), d.arrivalMs(), d.queue(), d.session(),
          new DagSpec(d.dag().name(), vertices, d.dag().edges()), think));
    }
    List<String> notes = new ArrayList<>(open.notes());
    notes.add("closed loop: each session's next DAG a think time (exponential, mean " + meanThinkMs
        + " ms) after its last one ended; containers of " + memoryMb + " MB");
    return new Workload(open.name(), submissions, notes);
  }

  static final int HISTORY_PARALLELISM = 40;
  static final int HISTORY_MEMORY_SCALE = 8;
  private static final int HISTORY_COPIES = 1_200;
  private static final long HISTORY_COPY_INTERVAL_MS = 500;

  private RecordedHistory recordedHistory() {
    Path file = history != null ? history : projectRoot.resolve(
        "simulator/src/test/resources/tezhistory/history.txt.appattempt_1795361869420_0001_000001");
    try {
      return TezHistoryReader.readHistory(WorkloadFormat.detect(file).historyInput(file), false, new ArrayList<>());
    } catch (IOException e) {
      throw new UncheckedIOException("reading the recorded history " + file, e);
    }
  }

  private static Workload scaledHistory(Workload recorded, List<String> hosts, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ReplicaPlacement placement = new ReplicaPlacement(hosts, random);
    List<DagSubmission> submissions = new ArrayList<>();
    long firstArrival = recorded.submissions().get(0).arrivalMs();
    for (int copy = 0; copy < HISTORY_COPIES; copy++) {
      long offset = copy * HISTORY_COPY_INTERVAL_MS;
      String session = "session-" + (copy % 100 + 1);
      for (DagSubmission d : recorded.submissions()) {
        String id = String.format(Locale.ROOT, "%s_copy%04d", d.id(), copy);
        submissions.add(new DagSubmission(id, offset + d.arrivalMs() - firstArrival, d.queue(), session,
            scaled(d.dag(), placement, random)));
      }
    }
    submissions.sort((a, b) -> Long.compare(a.arrivalMs(), b.arrivalMs()));
    return new Workload("scaled history", submissions, List.of("recorded history " + recorded.name()
        + " scaled: vertices x" + HISTORY_PARALLELISM + ", containers x" + HISTORY_MEMORY_SCALE + ", "
        + HISTORY_COPIES + " copies"));
  }

  private static DagSpec scaled(DagSpec dag, ReplicaPlacement placement, SplittableRandom random) {
    List<VertexSpec> vertices = new ArrayList<>();
    for (VertexSpec v : dag.vertices()) {
      boolean root = dag.edges().stream().noneMatch(e -> e.to().equals(v.name()));
      List<TaskSpec> tasks = new ArrayList<>();
      for (int t = 0; t < v.parallelism() * HISTORY_PARALLELISM; t++) {
        long duration = v.tasks().get(random.nextInt(v.parallelism())).durationMs();
        tasks.add(new TaskSpec(duration, root ? placement.nextBlock() : List.of()));
      }
      vertices.add(new VertexSpec(v.name(), v.memoryMb() * HISTORY_MEMORY_SCALE, v.vcores(),
          root ? InputStorage.HDFS : InputStorage.NONE, v.inputInitMs(), tasks));
    }
    return new DagSpec(dag.name(), vertices, dag.edges());
  }

  /** The reference scenario with these failures. */
  private Scenario reference(long seed, Failures failures) {
    return scenarioFile("reference.json", seed, failures);
  }

  /** The scenario file {@code name} of simulator/scenarios with these failures. */
  private Scenario scenarioFile(String name, long seed, Failures failures) {
    Scenario s = ScenarioFile.read(projectRoot.resolve("simulator/scenarios").resolve(name), seed);
    return new Scenario(s.cluster(), s.am(), failures, seed, s.sampleIntervalMs());
  }

  private static ClusterSpec withQueues(ClusterSpec c, List<QueueSpec> queues) {
    return new ClusterSpec(c.nodes(), queues, c.yarn());
  }
}
