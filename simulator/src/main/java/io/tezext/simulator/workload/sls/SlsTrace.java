package io.tezext.simulator.workload.sls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.simulator.io.JsonNesting;
import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.io.JsonInput;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.ReadContext;
import io.tezext.simulator.workload.Workload;

/**
 * Reads a Hadoop Scheduler Load Simulator (SLS) trace: JSON job objects one after another, as
 * {@code rumen2sls.sh} writes them or people write by hand. Each job arrives at {@code job.start.ms}
 * in {@code job.queue.name}, {@code job.count} times, as the DAG {@link SlsJobDag} builds. A leading
 * {@code num.nodes}/{@code num.racks} object is skipped: the scenario file defines the cluster.
 */
public final class SlsTrace {
  private static final ObjectMapper JSON = JsonNesting.newMapper()
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  private static final Set<String> JOB_KEYS = Set.of("am.type", "yarn.sls.am.type", "job.start.ms", "job.end.ms",
      "job.queue.name", "job.id", "job.user", "job.count", "job.tasks", "job.label.expression");
  private static final Set<String> TASK_KEYS = Set.of("count", "container.host", "container.start.ms",
      "container.end.ms", "duration.ms", "container.duration.ms", "container.priority", "container.type",
      "container.execution.type", "container.allocation.id", "container.request.delay", "container.memory-mb",
      "container.memory", "container.vcores");
  private static final Set<String> TOPOLOGY_KEYS = Set.of("num.nodes", "num.racks");
  private static final int DETECT_BYTES = 64 * 1024;
  /** More copies of one job than any trace needs; a larger value is a typo that would exhaust memory. */
  private static final long MAX_JOB_COUNT = 100_000;

  private final Path file;
  private final ReadContext context;
  private final SlsJobDag dags;
  private final List<DagSubmission> submissions = new ArrayList<>();
  private final Set<String> ids = new HashSet<>();
  /** Keys SLS would not read either, with how many objects carried them. */
  private final TreeMap<String, Integer> ignoredKeys = new TreeMap<>();
  private int jobs;
  private int skippedJobs;
  private int topologyObjects;

  private SlsTrace(Path file, ReadContext context) {
    this.file = file;
    this.context = context;
    this.dags = new SlsJobDag(new HashSet<>(context.cluster().hosts()), context.badRecords());
  }

  /** A file whose first 64 KB mention {@code job.tasks}. */
  public static boolean looksLikeTrace(Path path) throws IOException {
    if (!Files.isRegularFile(path)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(path)) {
      String head = new String(in.readNBytes(DETECT_BYTES), StandardCharsets.UTF_8);
      return head.stripLeading().startsWith("{") && head.contains("\"job.tasks\"");
    }
  }

  public static Workload read(Path file, ReadContext context) throws IOException {
    return new SlsTrace(file, context).read();
  }

  private Workload read() throws IOException {
    try (InputStream in = Files.newInputStream(file); JsonParser parser = JSON.createParser(in)) {
      while (parser.nextToken() != null) {
        JsonLocation at = parser.getTokenLocation();
        JsonNode node = JSON.readTree(parser);
        String where = file + " line " + at.getLineNr() + " (entry " + (jobs + topologyObjects + 1) + ")";
        entry(node, where);
      }
    } catch (NoSuchFileException e) {
      throw new InputFileException(file + ": no such file");
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      throw new InputFileException(file + (loc == null ? "" : " line " + loc.getLineNr() + " column "
          + loc.getColumnNr()) + ": " + JsonInput.syntaxError(e.getOriginalMessage()));
    }
    if (submissions.isEmpty()) {
      throw new InputFileException(file + ": no job to replay (" + jobs + " job objects, " + skippedJobs
          + " skipped)");
    }
    return new Workload(file.getFileName().toString(), submissions, notes());
  }

  private void entry(JsonNode node, String where) {
    if (isTopology(node)) {
      topologyObjects++;
      return;
    }
    jobs++;
    try {
      job(new SlsFields(node, where));
    } catch (BadRecordException e) {
      context.skipOrThrow(e);
      skippedJobs++;
    }
  }

  private void job(SlsFields job) {
    long startMs = job.nonNegativeLong("job.start.ms");
    String id = job.text("job.id", "job_" + jobs);
    String queue = job.text("job.queue.name", "default");
    long count = job.positiveLong("job.count", 1);
    if (count > MAX_JOB_COUNT) {
      throw job.bad("job.count", "at most " + MAX_JOB_COUNT, Long.toString(count));
    }
    JsonNode taskArray = job.node().get("job.tasks");
    if (taskArray == null || !taskArray.isArray() || taskArray.isEmpty()) {
      throw new BadRecordException(job.where() + " job.tasks: expected a non-empty array of containers");
    }
    List<SlsTask> tasks = new ArrayList<>();
    List<SlsFields> taskFields = new ArrayList<>();
    for (int i = 0; i < taskArray.size(); i++) {
      SlsFields task = new SlsFields(taskArray.get(i), job.where() + " job.tasks[" + i + "]");
      tasks.add(SlsTask.parse(task));
      taskFields.add(task);
    }
    List<DagSubmission> copies = new ArrayList<>();
    for (long copy = 1; copy <= count; copy++) {
      String dagId = count == 1 ? id : id + "-" + copy;
      if (ids.contains(dagId)) {
        throw new BadRecordException(job.where() + " job.id: '" + dagId + "' was used by an earlier job");
      }
      try {
        copies.add(new DagSubmission(dagId, startMs, queue, null, dags.build(dagId, tasks, job.where())));
      } catch (IllegalArgumentException e) {
        throw new BadRecordException(job.where() + ": " + e.getMessage());
      }
    }
    copies.forEach(c -> ids.add(c.id()));
    submissions.addAll(copies);
    countIgnored(job, JOB_KEYS);
    taskFields.forEach(t -> countIgnored(t, TASK_KEYS));
  }

  private void countIgnored(SlsFields fields, Set<String> known) {
    for (String key : fields.unknownKeys(known)) {
      context.changed(fields.where() + " " + key + ": a key neither SLS nor the simulator reads (a typo?), ignored");
      ignoredKeys.merge(key, 1, Integer::sum);
    }
  }

  private List<String> notes() {
    List<String> notes = new ArrayList<>();
    int tasks = submissions.stream().mapToInt(s -> s.dag().taskCount()).sum();
    notes.add("read SLS trace " + file + ": " + jobs + " jobs as " + submissions.size() + " DAGs, " + tasks
        + " containers; maps become 'Map 1' reading HDFS on the host each ran on, reduces 'Reducer 2' "
        + "behind a scatter-gather edge with Tez's slow start");
    if (topologyObjects > 0) {
      notes.add(topologyObjects + " num.nodes/num.racks objects ignored: the scenario file defines the cluster");
    }
    if (dags.mixedSizeVertices > 0) {
      notes.add(dags.mixedSizeVertices + " vertices mix container sizes; each runs at its largest");
    }
    if (dags.tasksOnUnknownHosts > 0) {
      notes.add(dags.tasksOnUnknownHosts + " map containers ran on hosts the scenario lacks, so none of their "
          + "reads can be node-local");
    }
    if (!ignoredKeys.isEmpty()) {
      notes.add("keys not modelled, ignored: " + ignoredKeys.entrySet().stream()
          .map(e -> e.getKey() + " (" + e.getValue() + "x)").toList());
    }
    if (skippedJobs > 0) {
      notes.add(skippedJobs + " jobs skipped for bad records (--skip-bad)");
    }
    return notes;
  }

  /** SLS's optional cluster-size object, which names only num.nodes and num.racks. */
  private static boolean isTopology(JsonNode node) {
    if (!node.isObject() || node.isEmpty()) {
      return false;
    }
    List<String> keys = new ArrayList<>();
    node.fieldNames().forEachRemaining(keys::add);
    return TOPOLOGY_KEYS.containsAll(keys);
  }
}
