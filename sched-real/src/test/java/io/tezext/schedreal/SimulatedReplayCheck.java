package io.tezext.schedreal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.tezext.simulator.bench.fidelity.PairedReplay;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.tezhistory.HistoryInput;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;
import io.tezext.testkit.CapacityQueue;
import io.tezext.testkit.RmPreemption;

/**
 * The simulator against the real cluster: the recorded runs replayed by {@link PairedReplay} through
 * {@code tezext-sim}, calibrated on the first pair's DagAware run and scored on the others. What the
 * histories cannot say comes from the first run's manifest, as a user would write it into a scenario:
 * the NodeManagers with their hosts, racks, memory and vcores, the CapacityScheduler's queues and
 * calculator, the RM's preemption settings, and each scanning task's location hint (HDFS-like, on
 * the node the split names). The phase of the RM's preemption rounds, which no record keeps, is
 * drawn from the seed, and each run is replayed with {@link #SEEDS} seeds.
 */
final class SimulatedReplayCheck implements RecordedRunsCheck {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /**
   * Seeds each run is replayed with: the preemption monitor's phase is drawn from the seed, and the
   * simulated ratio moved from 0.61 to 0.73 with the phase on the quiet run's replays (docs/benchmarks.md).
   */
  static final int SEEDS = 10;
  /**
   * Share of the RM's preemption rounds whose kills come a round after the wait, measured in the
   * RM's log of the quiet recorded run (DEBUG of ProportionalCapacityPreemptionPolicy): 207 of 695
   * spans of five rounds were under the 15 s wait.
   */
  static final double LATE_KILL_SHARE = 0.3;

  @Override
  public String name() {
    return "the simulator's replay of the runs (calibrated on pair 0's DagAware run, scored on the others)";
  }

  @Override
  public Map<String, Object> check(Path runsDir, List<RunManifest> runs, StringBuilder report) throws IOException {
    Path dir = runsDir.resolveSibling("replay");
    Files.createDirectories(dir);
    Path base = dir.resolve("cluster.json");
    JSON.writeValue(base.toFile(), scenario(runs.get(0).cluster()));

    List<PairedReplay.RealRun> real = new ArrayList<>();
    Map<PairedReplay.RealRun, Long> competitorLeadMs = new HashMap<>();
    Map<String, Map<String, List<String>>> hints = new LinkedHashMap<>();
    for (RunManifest run : runs) {
      Path runDir = runsDir.resolve(run.runId());
      Map<String, Long> runtimes = new LinkedHashMap<>();
      for (RunManifest.DagRun dag : run.dags()) {
        runtimes.put(dag.name(), dag.runtimeMs());
        hints.putIfAbsent(dag.name(), dag.hints());
      }
      PairedReplay.RealRun r = new PairedReplay.RealRun(run.schedulerSpec(), run.pair(), run.sessionHistory(runDir),
          runtimes, run.session().history().amPreemptedAttempts(),
          run.session().rmPreemptedContainers() + run.competitor().rmPreemptedContainers());
      real.add(r);
      competitorLeadMs.put(r, run.dags().get(0).clientSubmitMs() - firstEventMs(run.competitorHistory(runDir)));
    }
    RunManifest.Cluster cluster = runs.get(0).cluster();
    String batchQueue = runs.get(0).competitor().queue();
    PairedReplay.Result result = PairedReplay.score(real, specOf(runs, SchedulerUnderTest.DAG_AWARE),
        specOf(runs, SchedulerUnderTest.TEZEXT), base, (run, w) -> withCompetitor(withHints(w, hints),
            competitorLeadMs.get(run), batchQueue, cluster.taskMemoryMb(), cluster.taskVcores()), dir,
        Integer.getInteger("sched-real.replay-seeds", SEEDS));
    report.append(result.table()).append(result.power());
    return result.figures();
  }

  /** The scheduler's spec as its runs ran it (each scheduler ran with the same keys in every pair). */
  private static String specOf(List<RunManifest> runs, SchedulerUnderTest scheduler) {
    return runs.stream().filter(r -> r.scheduler().equals(scheduler.label())).findFirst()
        .map(RunManifest::schedulerSpec).orElse(scheduler.label());
  }

  /** The scenario a user writes for the cluster the runs had: what history does not record. */
  static Map<String, Object> scenario(RunManifest.Cluster cluster) {
    Map<String, Object> s = new LinkedHashMap<>();
    List<Map<String, Object>> nodes = new ArrayList<>();
    for (RunManifest.Node n : cluster.nodes()) {
      nodes.add(Map.of("host", n.host(), "rack", n.rack(), "memoryMb", n.memoryMb(), "vcores", n.vcores()));
    }
    s.put("nodes", nodes);
    List<Map<String, Object>> queues = new ArrayList<>();
    for (CapacityQueue q : cluster.queues()) {
      queues.add(Map.of("name", q.name(), "capacity", q.capacityPercent(), "maxCapacity", q.maxCapacityPercent(),
          "userLimitFactor", q.userLimitFactor()));
    }
    s.put("queues", queues);
    Map<String, Object> yarn = new LinkedHashMap<>();
    yarn.put("dominantResources", cluster.resourceCalculator().endsWith("DominantResourceCalculator"));
    yarn.put("minimumAllocationMb", cluster.minimumAllocationMb());
    RmPreemption p = cluster.rmPreemption();
    yarn.put("preemption", p != null);
    if (p != null) {
      yarn.put("preemptionIntervalMs", p.monitoringIntervalMs());
      yarn.put("preemptionWaitMs", p.maxWaitBeforeKillMs());
      yarn.put("preemptionPerRound", p.totalPreemptionPerRound());
      yarn.put("preemptionDeadZone", p.maxIgnoredOverCapacity());
      yarn.put("preemptionNaturalTermination", p.naturalTerminationFactor());
      // What the manifest cannot say, as the RM's log of a recorded run showed it: the monitor's
      // rounds fall at an arbitrary phase, and some kills come a round after the wait.
      yarn.put("preemptionRandomPhase", true);
      yarn.put("preemptionLateKillShare", LATE_KILL_SHARE);
    }
    s.put("yarn", yarn);
    s.put("notes", List.of("written by sched-real from the runs' manifest.json: the cluster the real runs had"));
    return s;
  }

  /**
   * The workload with the competing application ({@link Competitor}) before it: arriving
   * {@code leadMs} before the session's first DAG, in {@code queue}, holding {@link Competitor#CONCURRENCY}
   * containers for the whole run (its tasks run one after another in reused containers; history cannot
   * give them, as its DAG is killed when the session ends). The session's DAGs are moved by the lead.
   */
  static Workload withCompetitor(Workload session, long leadMs, String queue, int taskMb, int taskVcores) {
    if (leadMs < 0) {
      throw new IllegalArgumentException("the competitor started " + -leadMs + " ms after the session's first DAG");
    }
    long spanMs = session.submissions().stream().mapToLong(DagSubmission::arrivalMs).max().orElse(0);
    List<TaskSpec> tasks = new ArrayList<>();
    for (int i = 0; i < Competitor.CONCURRENCY; i++) {
      // longer than any run: the real competitor never runs out of work while the session runs
      tasks.add(TaskSpec.of(leadMs + spanMs + 3_600_000L));
    }
    DagSpec load = new DagSpec("batch-load", List.of(new VertexSpec("Map 1", taskMb, taskVcores, InputStorage.NONE,
        0, tasks)), List.of());
    List<DagSubmission> all = new ArrayList<>();
    all.add(new DagSubmission("competitor", 0, queue, null, load));
    for (DagSubmission d : session.submissions()) {
      all.add(new DagSubmission(d.id(), d.arrivalMs() + leadMs, d.queue(), d.session(), d.dag(), d.thinkMs()));
    }
    return new Workload(session.name(), all, session.notes());
  }

  /** When the application's history begins (its AM's first record), epoch milliseconds. */
  private static long firstEventMs(Path history) throws IOException {
    long[] first = {Long.MAX_VALUE};
    new ProtoHistoryFiles(history).read(new HistoryInput.Sink() {
      @Override
      public void entity(JsonNode entity, String where) {
        for (JsonNode event : entity.path("events")) {
          first[0] = Math.min(first[0], event.path("ts").asLong(Long.MAX_VALUE));
        }
      }

      @Override
      public void unreadable(String where, String why) {
        throw new IllegalStateException("unreadable history " + where + ": " + why);
      }

      @Override
      public void empty(String file) {
      }
    });
    if (first[0] == Long.MAX_VALUE) {
      throw new IOException("the history under " + history + " has no timed record");
    }
    return first[0];
  }

  /**
   * The session's scanning vertices given the hosts their splits named (HDFS-like reads: the hint is
   * a node of the cluster); the competitor's DAGs and other vertices as history gave them.
   */
  static Workload withHints(Workload w, Map<String, Map<String, List<String>>> hintsByDag) {
    List<DagSubmission> out = new ArrayList<>();
    for (DagSubmission d : w.submissions()) {
      Map<String, List<String>> hints = hintsByDag.get(d.dag().name());
      if (hints == null || hints.isEmpty()) {
        out.add(d);
        continue;
      }
      List<VertexSpec> vertices = new ArrayList<>();
      for (VertexSpec v : d.dag().vertices()) {
        List<String> hosts = hints.get(v.name());
        if (hosts == null) {
          vertices.add(v);
          continue;
        }
        if (hosts.size() != v.tasks().size()) {
          throw new IllegalArgumentException("DAG " + d.dag().name() + ", vertex " + v.name() + ": the manifest names "
              + hosts.size() + " hints, the history " + v.tasks().size() + " tasks");
        }
        List<TaskSpec> tasks = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
          tasks.add(new TaskSpec(v.tasks().get(i).durationMs(), List.of(hosts.get(i))));
        }
        vertices.add(new VertexSpec(v.name(), v.memoryMb(), v.vcores(), InputStorage.HDFS, v.inputInitMs(), tasks));
      }
      out.add(d.withDag(new DagSpec(d.dag().name(), vertices, d.dag().edges())));
    }
    return new Workload(w.name(), out, w.notes());
  }
}
