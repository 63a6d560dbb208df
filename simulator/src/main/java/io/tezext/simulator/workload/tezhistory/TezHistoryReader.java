package io.tezext.simulator.workload.tezhistory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.simulator.io.JsonNesting;
import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.tezhistory.RecordedDag.RecordedAttempt;
import io.tezext.simulator.workload.tezhistory.RecordedDag.RecordedVertex;

/**
 * Reads recorded Tez history into a workload, from the entities Tez's history logging writes, in
 * whichever form a {@link HistoryInput} delivers them: each DAG's plan (vertices, edges and their
 * data movement), its submission time and queue, each task's duration from its successful attempt
 * (for a consumer, from when its inputs were complete: waiting for producers is not work),
 * root-input initialization times, and container sizes from the application's configuration.
 *
 * <p>The history does not record split locations: a root-input task's input is placed on the node
 * its recorded attempt ran on when the DAG counted data-local tasks (HDFS), and treated as object
 * storage when it did not. The workload's notes say so.
 */
public final class TezHistoryReader {
  private static final ObjectMapper JSON = JsonNesting.newMapper();

  private final BadRecords badRecords;
  /** Files that held nothing: not errors, but not silently dropped either. */
  private final List<String> emptyFiles;
  private final Map<String, RecordedDag> dags = new LinkedHashMap<>();
  private final Map<String, Integer> dagsPerApp = new HashMap<>();
  /** Every successful attempt's launch, as the DAGs are built. */
  private final List<RecordedLaunches.Launch> launches = new ArrayList<>();
  /** The AM-side Tez keys the application ran with (its scheduler's settings). */
  private final Map<String, String> amConf = new TreeMap<>();
  /** The events the model uses, each once per entity: where each was first seen, by entity and event. */
  private final Map<String, String> seen = new HashMap<>();
  private static final Set<String> USED_EVENTS = Set.of("DAG_SUBMITTED", "DAG_FINISHED", "VERTEX_INITIALIZED",
      "TASK_ATTEMPT_STARTED", "TASK_ATTEMPT_FINISHED");
  private int memoryMb = 1024;
  private int vcores = 1;
  /** Whether an application's configuration was read (a key it lacks has Tez's default, as in Tez). */
  private boolean configRecorded;
  /** Values the reader changed to go on, counted for the notes (with --strict each is an error). */
  private int negativeInitTimes;
  private int queuesDefaulted;
  private int tasksEndingBeforeInputs;

  private TezHistoryReader(BadRecords badRecords) {
    this.badRecords = badRecords;
    this.emptyFiles = new ArrayList<>();
  }

  /**
   * Reads history from {@code input}. With {@code skipBad}, records and DAGs the reader cannot use
   * are skipped and listed in {@code skippedOut}; without, the first one fails the read.
   */
  public static Workload read(HistoryInput input, boolean skipBad, List<String> skippedOut) throws IOException {
    return readHistory(input, skipBad, skippedOut).workload();
  }

  /** Reads the workload and, with it, how the recorded DAGs ran and what launch latencies they saw. */
  public static RecordedHistory readHistory(HistoryInput input, boolean skipBad, List<String> skippedOut)
      throws IOException {
    BadRecords bad = new BadRecords(skipBad, new ArrayList<>());
    RecordedHistory h = readHistory(input, bad);
    skippedOut.addAll(bad.skipped());
    return h;
  }

  /**
   * Reads history with {@code badRecords}' policy: records it cannot use fail the read or are
   * skipped into its list, and values it would change fail the read with {@code --strict}.
   */
  public static RecordedHistory readHistory(HistoryInput input, BadRecords badRecords) throws IOException {
    TezHistoryReader reader = new TezHistoryReader(badRecords);
    input.read(new HistoryInput.Sink() {
      @Override
      public void entity(JsonNode entity, String where) {
        reader.entity(entity, where);
      }

      @Override
      public void unreadable(String where, String why) {
        reader.badRecords.skipOrThrow(new BadRecordException(where + ": " + why));
      }

      @Override
      public void empty(String file) {
        reader.badRecords.changed(file + ": an empty history file (created and never written), left out");
        reader.emptyFiles.add(file);
      }
    });
    Workload w = reader.toWorkload(input);
    List<RecordedHistory.RecordedRun> runs = new ArrayList<>();
    for (var s : w.submissions()) {
      RecordedDag d = reader.dags.get(s.id());
      runs.add(new RecordedHistory.RecordedRun(d.id, d.startMs, d.endMs, d.dataLocalTasks, d.rackLocalTasks,
          d.otherLocalTasks, oneToOneConsumerTasks(s.dag())));
    }
    return new RecordedHistory(w, runs, RecordedLaunches.of(reader.launches), reader.amConf);
  }

  private void entity(JsonNode node, String where) {
    try {
      record(new HistoryEntity(node, where));
    } catch (BadRecordException e) {
      badRecords.skipOrThrow(e);
    }
  }

  /** Tasks of vertices with a one-to-one input: Tez hints them to a source task, not to hosts. */
  private static long oneToOneConsumerTasks(DagSpec dag) {
    Set<String> consumers = new HashSet<>();
    dag.edges().stream().filter(e -> e.movement() == DataMovement.ONE_TO_ONE).forEach(e -> consumers.add(e.to()));
    return dag.vertices().stream().filter(v -> consumers.contains(v.name())).mapToLong(VertexSpec::parallelism).sum();
  }

  private void record(HistoryEntity e) {
    for (String event : e.events()) {
      if (USED_EVENTS.contains(event)) {
        String first = seen.putIfAbsent(e.id() + " " + event, e.where());
        if (first != null) {
          throw new BadRecordException(e.where() + " (" + e.id() + "): " + event + " is recorded a second time; "
              + "first at " + first + ": the same history given twice (a file or a DAG copied or downloaded "
              + "twice?); give each once");
        }
      }
    }
    switch (e.type()) {
      case "TEZ_APPLICATION" -> configuration(e);
      case "TEZ_DAG_ID" -> dagRecord(e);
      case "TEZ_VERTEX_ID" -> vertexRecord(e);
      case "TEZ_TASK_ATTEMPT_ID" -> attemptRecord(e);
      default -> { } // application attempts, containers and tasks add nothing the model uses
    }
  }

  private void configuration(HistoryEntity e) {
    JsonNode config = HistoryEntity.field(e.otherInfo(), "config");
    if (config != null) {
      configRecorded = true;
      memoryMb = intConf(e, config, "tez.task.resource.memory.mb", memoryMb);
      vcores = intConf(e, config, "tez.task.resource.cpu.vcores", vcores);
      config.fields().forEachRemaining(f -> {
        if (f.getKey().startsWith("tez.am.") && f.getValue().isValueNode()) {
          amConf.put(f.getKey(), f.getValue().asText());
        }
      });
    }
  }

  private static int intConf(HistoryEntity e, JsonNode config, String key, int fallback) {
    JsonNode v = config.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(v.asText().trim());
    } catch (NumberFormatException ex) {
      throw e.bad("otherinfo.config." + key);
    }
  }

  private void dagRecord(HistoryEntity e) {
    TezIds id = TezIds.parse(e, e.id(), 4);
    RecordedDag dag = dag(id);
    for (String event : e.events()) {
      if (event.equals("DAG_SUBMITTED")) {
        dag.submittedMs = e.eventTime("DAG_SUBMITTED");
        dag.plan = HistoryEntity.field(e.otherInfo(), "dagPlan");
        dag.planWhere = e.where();
        if (dag.plan == null) {
          throw e.bad("otherinfo.dagPlan");
        }
        JsonNode name = dag.plan.get("dagName");
        dag.name = name == null ? dag.id : name.asText();
        JsonNode queue = HistoryEntity.field(e.otherInfo(), "queueName");
        String q = queue != null ? queue.asText() : e.primaryFilter("queueName");
        if (q != null) {
          dag.queue = q.substring(q.lastIndexOf('.') + 1);
        } else {
          badRecords.changed(e.where() + " (" + e.id() + "): no queueName: submitted to queue 'default'");
          queuesDefaulted++;
        }
      } else if (event.equals("DAG_FINISHED")) {
        dag.succeeded = "SUCCEEDED".equals(e.infoText("status"));
        dag.startMs = e.info("startTime");
        dag.endMs = e.info("endTime");
        dag.dataLocalTasks = DagCounters.value(e.otherInfo(), "DATA_LOCAL_TASKS");
        dag.rackLocalTasks = DagCounters.value(e.otherInfo(), "RACK_LOCAL_TASKS");
        dag.otherLocalTasks = DagCounters.value(e.otherInfo(), "OTHER_LOCAL_TASKS");
      }
    }
  }

  private void vertexRecord(HistoryEntity e) {
    TezIds id = TezIds.parse(e, e.id(), 5);
    if (e.events().contains("VERTEX_INITIALIZED")) {
      RecordedVertex v = dag(id).vertex(id.part(4));
      v.name = e.infoText("vertexName");
      v.numTasks = (int) e.info("numTasks");
      long initMs = e.info("initTime") - e.info("initRequestedTime");
      if (initMs < 0) {
        badRecords.changed(e.where() + " (" + e.id() + "): otherinfo.initTime " + e.info("initTime")
            + " is before otherinfo.initRequestedTime " + e.info("initRequestedTime") + ": initialization taken as 0 ms");
        negativeInitTimes++;
      }
      v.initMs = Math.max(0, initMs);
    }
  }

  private void attemptRecord(HistoryEntity e) {
    TezIds id = TezIds.parse(e, e.id(), 7);
    RecordedVertex v = dag(id).vertex(id.part(4));
    List<String> events = e.events();
    if (events.contains("TASK_ATTEMPT_STARTED")) {
      RecordedAttempt a = new RecordedAttempt(id.part(5));
      String node = e.relatedOrInfo("nodeId");
      if (node == null) {
        throw e.bad("relatedEntities[nodeId]");
      }
      a.node = node;
      a.host = node.contains(":") ? node.substring(0, node.lastIndexOf(':')) : node;
      a.container = e.relatedOrInfo("containerId");
      v.started.add(a);
    }
    if (events.contains("TASK_ATTEMPT_FINISHED") && "SUCCEEDED".equals(e.infoText("status"))) {
      RecordedAttempt a = new RecordedAttempt(id.part(5));
      a.startMs = e.info("startTime");
      a.endMs = e.info("endTime");
      a.allocationMs = e.infoOr("allocationTime", -1);
      RecordedAttempt started = startedOf(v, a.task);
      a.node = started == null ? null : started.node;
      a.host = started == null ? null : started.host;
      a.container = started == null ? null : started.container;
      v.succeeded.put(a.task, a);
    }
  }

  private static RecordedAttempt startedOf(RecordedVertex v, int task) {
    for (int i = v.started.size() - 1; i >= 0; i--) {
      if (v.started.get(i).task == task) {
        return v.started.get(i);
      }
    }
    return null;
  }

  private RecordedDag dag(TezIds id) {
    String dagId = "dag_" + id.text(1) + "_" + id.text(2) + "_" + id.text(3);
    return dags.computeIfAbsent(dagId, d -> {
      String app = "application_" + id.text(1) + "_" + id.text(2);
      dagsPerApp.merge(app, 1, Integer::sum);
      return new RecordedDag(d, app);
    });
  }

  /**
   * A session's client submits its next DAG when the last one has returned (a Tez session runs one
   * DAG at a time): the DAG's think time is the gap the client left after the last replayed DAG of
   * its session ended, so the replay keeps that pace whichever scheduler runs it. A session's first
   * DAG, and one after a DAG whose end was not recorded, arrive at their recorded time.
   */
  private static long thinkMs(Map<String, Long> sessionFreeMs, String session, RecordedDag d) {
    Long freeMs = session == null ? null : sessionFreeMs.get(session);
    return freeMs == null || freeMs < 0 ? DagSubmission.OPEN_LOOP : Math.max(0, d.submittedMs - freeMs);
  }

  private Workload toWorkload(HistoryInput source) {
    List<RecordedDag> ordered = new ArrayList<>(dags.values());
    ordered.removeIf(d -> {
      if (d.plan == null) {
        return drop("DAG " + d.id + ": no DAG_SUBMITTED record with its plan");
      }
      if (!d.succeeded) {
        return drop("DAG " + d.id + " (" + d.name + ", " + d.planWhere + "): did not succeed, so its task "
            + "durations are incomplete");
      }
      return false;
    });
    ordered.sort(Comparator.comparingLong((RecordedDag d) -> d.submittedMs).thenComparing(d -> d.id));
    long first = ordered.isEmpty() ? 0 : ordered.get(0).submittedMs;
    List<DagSubmission> submissions = new ArrayList<>();
    boolean derivedLocations = false;
    Map<String, Long> sessionFreeMs = new HashMap<>(); // session -> when its last DAG replayed ended
    for (RecordedDag d : ordered) {
      try {
        HistoryDagBuilder builder = new HistoryDagBuilder(d, memoryMb, vcores, launches, badRecords, new int[1]);
        DagSpec spec = builder.build();
        tasksEndingBeforeInputs += builder.endedBeforeInputs()[0];
        derivedLocations |= spec.vertices().stream().anyMatch(v -> v.input() == InputStorage.HDFS);
        String session = dagsPerApp.get(d.appId) > 1 ? d.appId : null;
        submissions.add(new DagSubmission(d.id, d.submittedMs - first, d.queue, session, spec,
            thinkMs(sessionFreeMs, session, d)));
        if (session != null) {
          sessionFreeMs.put(session, d.endMs);
        }
      } catch (BadRecordException | IllegalArgumentException e) {
        badRecords.skipOrThrow(
            e instanceof BadRecordException b ? b : new BadRecordException(d.planWhere + ": " + e.getMessage()));
      }
    }
    List<String> notes = new ArrayList<>();
    notes.add("read from " + source.describe() + ": " + submissions.size() + " DAGs; task durations "
        + "are the recorded successful attempts' run times, container sizes from tez.task.resource.*");
    if (submissions.stream().anyMatch(DagSubmission::closedLoop)) {
      notes.add("sessions are closed-loop: each DAG after a session's first is submitted as long after the last "
          + "one ends as its client waited for real, however long the replay takes to run that one");
    }
    if (derivedLocations) {
      notes.add("the history has no split locations: root-input tasks of DAGs that counted data-local tasks "
          + "read on the node their recorded attempt ran on");
    }
    if (!badRecords.skipped().isEmpty()) {
      notes.add(badRecords.skipped().size() + " history records or DAGs were skipped (--skip-bad)");
    }
    if (!submissions.isEmpty() && !configRecorded) {
      badRecords.changed(source.describe() + ": no TEZ_APPLICATION record with the application's configuration "
          + "(give the whole history; proto history: the base directory, with app_data): containers of "
          + memoryMb + " MB and " + vcores + " vcores, Tez's defaults");
      notes.add("the history records no application configuration: containers of " + memoryMb + " MB and " + vcores
          + " vcores, Tez's defaults (tez.task.resource.memory.mb, tez.task.resource.cpu.vcores)");
    }
    if (negativeInitTimes > 0) {
      notes.add(negativeInitTimes + " vertices recorded initTime before initRequestedTime: their input "
          + "initialization is taken as 0 ms");
    }
    if (queuesDefaulted > 0) {
      notes.add(queuesDefaulted + " DAGs recorded no queueName: submitted to queue 'default'");
    }
    if (tasksEndingBeforeInputs > 0) {
      notes.add(tasksEndingBeforeInputs + " tasks' successful attempts ended before their inputs were complete "
          + "by the record: their work is taken as 0 ms");
    }
    if (!emptyFiles.isEmpty()) {
      notes.add(emptyFiles.size() + " empty history file(s) left out (created and never written: a DAG still "
          + "running, or an AM that died): " + String.join(", ", emptyFiles));
    }
    return new Workload(source.name(), submissions, notes);
  }

  private boolean drop(String why) {
    badRecords.skipOrThrow(new BadRecordException(why));
    return true;
  }

  /** Builds the DagSpec of one recorded DAG from its plan and its vertices' records. */
  private record HistoryDagBuilder(RecordedDag dag, int memoryMb, int vcores, List<RecordedLaunches.Launch> launches,
      BadRecords badRecords, int[] endedBeforeInputs) {
    DagSpec build() {
      Map<String, RecordedVertex> byName = new HashMap<>();
      dag.vertices.values().forEach(v -> {
        if (v.name != null) {
          byName.put(v.name, v);
        }
      });
      Map<String, List<String[]>> producers = new HashMap<>(); // consumer -> [producer, movement]
      for (JsonNode pe : dag.plan.path("edges")) {
        producers.computeIfAbsent(pe.path("outputVertexName").asText(), k -> new ArrayList<>())
            .add(new String[] {pe.path("inputVertexName").asText(), pe.path("dataMovementType").asText()});
      }
      List<VertexSpec> vertices = new ArrayList<>();
      for (JsonNode pv : dag.plan.path("vertices")) {
        String name = pv.path("vertexName").asText(null);
        RecordedVertex v = name == null ? null : byName.get(name);
        if (v == null) {
          throw new BadRecordException(dag.planWhere + ": DAG " + dag.id + " plan names vertex '" + name
              + "' but the history has no VERTEX_INITIALIZED record for it");
        }
        boolean rootInput = pv.path("additionalInputs").size() > 0;
        InputStorage input = !rootInput ? InputStorage.NONE
            : dag.dataLocalTasks > 0 ? InputStorage.HDFS : InputStorage.UNLOCATED;
        List<TaskSpec> tasks = new ArrayList<>(v.numTasks);
        for (int t = 0; t < v.numTasks; t++) {
          RecordedAttempt a = v.succeeded.get(t);
          if (a == null) {
            throw new BadRecordException(dag.planWhere + ": DAG " + dag.id + " vertex '" + name + "' task " + t
                + " has no successful attempt in the history");
          }
          if (a.endMs < a.startMs) {
            throw new BadRecordException(dag.planWhere + ": DAG " + dag.id + " vertex '" + name + "' task " + t
                + ": its successful attempt ends at " + a.endMs + ", before it started at " + a.startMs);
          }
          List<String> hosts = input == InputStorage.HDFS && a.host != null ? List.of(a.host) : List.of();
          long inputsReady = inputsReady(producers.getOrDefault(name, List.of()), byName, t);
          long workMs = a.endMs - Math.max(a.startMs, inputsReady);
          if (workMs < 0) {
            badRecords.changed(dag.planWhere + ": DAG " + dag.id + " vertex '" + name + "' task " + t
                + ": its successful attempt ends at " + a.endMs + ", before its inputs were complete at "
                + inputsReady + ": its work taken as 0 ms");
            endedBeforeInputs[0]++;
            workMs = 0;
          }
          tasks.add(new TaskSpec(workMs, hosts));
          if (a.container != null && a.node != null && a.allocationMs > 0) {
            launches.add(new RecordedLaunches.Launch(dag.appId, dag.id, name, t, a.node, a.container, a.allocationMs,
                a.startMs, a.endMs, workMs));
          }
        }
        vertices.add(new VertexSpec(name, memoryMb, vcores, input, rootInput ? v.initMs : 0, tasks));
      }
      List<EdgeSpec> edges = new ArrayList<>();
      for (JsonNode pe : dag.plan.path("edges")) {
        String movement = pe.path("dataMovementType").asText("");
        DataMovement m = switch (movement) {
          case "BROADCAST" -> DataMovement.BROADCAST;
          case "ONE_TO_ONE" -> DataMovement.ONE_TO_ONE;
          case "SCATTER_GATHER", "CUSTOM" -> DataMovement.SCATTER_GATHER; // Hive's CUSTOM edges are shuffle-like
          default -> throw new BadRecordException(dag.planWhere + ": DAG " + dag.id + " edge "
              + pe.path("inputVertexName").asText() + " -> " + pe.path("outputVertexName").asText()
              + ": dataMovementType '" + movement + "'; Tez's are ONE_TO_ONE, BROADCAST, SCATTER_GATHER, CUSTOM");
        };
        edges.add(new EdgeSpec(pe.path("inputVertexName").asText(), pe.path("outputVertexName").asText(), m));
      }
      return new DagSpec(dag.name, vertices, edges);
    }

    /**
     * When a consumer task's inputs were complete: its one-to-one producer task's end, or its other
     * producers' last task end. A recorded attempt that started earlier (slow start) spent the time
     * until then waiting, which is not its work.
     */
    private static long inputsReady(List<String[]> producers, Map<String, RecordedVertex> byName, int task) {
      long ready = 0;
      for (String[] p : producers) {
        RecordedVertex producer = byName.get(p[0]);
        if (producer == null) {
          continue;
        }
        if ("ONE_TO_ONE".equals(p[1])) {
          RecordedAttempt a = producer.succeeded.get(task);
          ready = Math.max(ready, a == null ? 0 : a.endMs);
        } else {
          for (RecordedAttempt a : producer.succeeded.values()) {
            ready = Math.max(ready, a.endMs);
          }
        }
      }
      return ready;
    }
  }
}
