package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.tezext.simulator.workload.tezhistory.AtsZipFixture;

/**
 * Bad inputs a user meets, in every format the simulator reads, each a clear error: exit code 2,
 * no stack trace, and a message that says where (the line, field, column, entry or option) and
 * what was wrong or expected. One row per input; {@code where} is what locates the mistake.
 */
class BadInputTest {
  @TempDir
  static Path dir;

  private static final String REFERENCE = "scenarios/reference.json";
  private static final String SIMPLE_HISTORY = "/tezhistory/history.txt.appattempt_1795361869420_0001_000001";
  private static final String PROTO_HISTORY = "/tezhistory/proto";
  private static final AtomicInteger FILES = new AtomicInteger();

  /** A bad input: the command line, and what its error must say, {@code where} first. */
  record Case(String name, Supplier<List<String>> args, String where, String... what) {
    @Override
    public String toString() {
      return name;
    }
  }

  // ---- the table ----

  static Stream<Case> cases() {
    List<Case> all = new ArrayList<>();
    all.addAll(tezextWorkloads());
    all.addAll(scenarios());
    all.addAll(simpleHistory());
    all.addAll(atsZips());
    all.addAll(protoHistory());
    all.addAll(alibaba());
    all.addAll(sls());
    all.addAll(commandLines());
    return all.stream();
  }

  private static final String DAG = "{\"id\": \"q1\", \"vertices\": [{\"name\": \"v\", \"taskDurationsMs\": [5]}]}";

  /** A tezext workload file holding {@code json}. */
  private static Supplier<Path> tezext(String json) {
    return () -> text("w.json", json);
  }

  /** A workload file with one DAG: {@code "id": "q1"} and then {@code fields}. */
  private static Supplier<Path> dag(String fields) {
    return tezext("{\"dags\": [{\"id\": \"q1\", " + fields + "}]}");
  }

  private static List<Case> tezextWorkloads() {
    return List.of(
        workload("gzip", () -> file("w.json.gz", gzip("{\"dags\": []}")), "a gzip-compressed file", "gunzip"),
        workload("binary", () -> file("w.bin", new byte[] {1, 0, 2, 3}), "a zero byte at offset 1", "binary data"),
        workload("latin-1", () -> file("w-latin1.json", "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1)),
            "byte 0xe9 at offset 13", "not UTF-8 text"),
        workload("a zip that is no ATS download", () -> file("w.zip", new byte[] {'P', 'K', 3, 4, 9, 9}),
            "a zip archive", "not a workload file"),
        workload("an empty directory", () -> directory("nothing-here"), "a directory holding no workload",
            "tez-simple-history"),
        workload("no DAGs", tezext("{\"dags\": []}"), "'dags' is missing or empty", "nothing to replay"),
        workload("null DAGs", tezext("{\"dags\": null}"), "at dags", "expected an array of DAGs, found null"),
        workload("a null DAG", tezext("{\"dags\": [null]}"), "line 1 column 11 at dags[0]",
            "expected a DAG object ({...}), found null"),
        workload("a number for a DAG", tezext("{\"dags\": [" + DAG + ", 5]}"), "at dags[1]",
            "expected a DAG object ({...}), found '5'"),
        workload("an empty file", tezext(""), "a workload file is a JSON object", "'dags'"),
        workload("an array", tezext("[1]"), "a workload file is a JSON object", "'dags'"),
        workload("not JSON", tezext("{\"dags\": [" + DAG + ",\n oops]}"), "line 2 column", "not valid JSON"),
        workload("cut off", tezext("{\"dags\": [" + DAG), "line 1 column", "not valid JSON"),
        workload("content after the object", tezext("{\"dags\": [" + DAG + "]} {}"), "line 1 column",
            "unexpected content after the workload object"),
        workload("an unknown top-level field", tezext("{\"dags\": [" + DAG + "], \"dagz\": 1}"), "line 1 column",
            "unknown field 'dagz'; expected one of [name, notes, dags]"),
        workload("a field given twice", dag("\"id\": \"q2\", \"vertices\": []"), "line 1 column",
            "the field 'id' is given twice in one object"),
        workload("'dags' given twice", tezext("{\"dags\": [" + DAG + "], \"dags\": [" + DAG + "]}"), "line 1 column",
            "the field 'dags' is given twice"),
        workload("an unknown vertex field", dag("\"vertices\": [{\"name\": \"v\", \"memMb\": 1, \"taskDurationsMs\": [1]}]"),
            "at dags[0].vertices[0].memMb", "unknown field 'memMb'"),
        workload("a string for a number", dag("\"arrivalMs\": \"noon\", \"vertices\": []"), "at dags[0].arrivalMs",
            "expected a whole number, found \"noon\""),
        workload("fractional memory", dag("\"vertices\": [{\"name\": \"v\", \"memoryMb\": 1024.5, \"taskDurationsMs\": [1]}]"),
            "at dags[0].vertices[0].memoryMb", "expected a whole number, found 1024.5"),
        workload("fractional vcores", dag("\"vertices\": [{\"name\": \"v\", \"vcores\": 1.5, \"taskDurationsMs\": [1]}]"),
            "at dags[0].vertices[0].vcores", "expected a whole number, found 1.5"),
        workload("a fractional duration", dag("\"vertices\": [{\"name\": \"v\", \"taskDurationsMs\": [1, 2.5]}]"),
            "at dags[0].vertices[0].taskDurationsMs", "expected a whole number, found 2.5"),
        workload("a fractional task duration", dag("\"vertices\": [{\"name\": \"v\", \"tasks\": [{\"durationMs\": 0.5}]}]"),
            "at dags[0].vertices[0].tasks[0].durationMs", "expected a whole number, found 0.5"),
        workload("a negative duration", dag("\"vertices\": [{\"name\": \"v\", \"tasks\": [{\"durationMs\": -1}]}]"),
            "at dags[0].vertices[0].tasks[0].durationMs", "must be in [0, 1125899906842624] ms", "was -1"),
        workload("a duration past the clock", dag("\"vertices\": [{\"name\": \"v\", \"tasks\": [{\"durationMs\": "
            + Long.MAX_VALUE + "}]}]"), "at dags[0].vertices[0].tasks[0].durationMs", "2^50 ms, about 35,000 years",
            "was " + Long.MAX_VALUE),
        workload("an arrival past the clock", dag("\"arrivalMs\": 1152921504606846976, \"vertices\": []"),
            "at dags[0].arrivalMs", "the simulator's clock bound", "was 1152921504606846976"),
        workload("an initialization past the clock", dag("\"vertices\": [{\"name\": \"v\", \"inputInitMs\": "
            + "9007199254740993, \"taskDurationsMs\": [1]}]"), "at dags[0].vertices[0].inputInitMs", "clock bound"),
        workload("task time that adds up past the clock", tezext("{\"dags\": [{\"id\": \"a\", \"vertices\": [{\"name\": "
            + "\"v\", \"taskDurationsMs\": [1125899906842624, 1125899906842624]}]}]}"),
            "the last arrival plus the task and think time of every DAG", "2251799813685248 ms", "clock bound"),
        workload("a negative initialization", dag("\"vertices\": [{\"name\": \"v\", \"inputInitMs\": -5, "
            + "\"taskDurationsMs\": [1]}]"), "at dags[0].vertices[0].inputInitMs", "was -5"),
        workload("zero memory", dag("\"vertices\": [{\"name\": \"v\", \"memoryMb\": 0, \"taskDurationsMs\": [1]}]"),
            "at dags[0].vertices[0].memoryMb", "memoryMb must be positive, was 0"),
        workload("negative vcores", dag("\"vertices\": [{\"name\": \"v\", \"vcores\": -1, \"taskDurationsMs\": [1]}]"),
            "at dags[0].vertices[0].vcores", "vcores must be positive, was -1"),
        workload("null vertices", dag("\"vertices\": null"), "at dags[0].vertices",
            "expected a value, found null (leave the field out for its default)"),
        workload("a null vertex", dag("\"vertices\": [null]"), "at dags[0].vertices", "expected a value, found null"),
        workload("a null host", dag("\"vertices\": [{\"name\": \"v\", \"tasks\": [{\"durationMs\": 1, \"hosts\": [null]}]}]"),
            "at dags[0].vertices[0].tasks[0].hosts", "expected a value, found null"),
        workload("a null edge end", dag("\"vertices\": [{\"name\": \"v\", \"taskDurationsMs\": [1]}], \"edges\": "
            + "[{\"from\": null, \"to\": \"v\"}]"), "at dags[0].edges[0].from", "expected a value, found null"),
        workload("a vertex without tasks", dag("\"vertices\": [{\"name\": \"v\"}]"), "at dags[0].vertices[0]",
            "vertex v has no tasks"),
        workload("tasks given twice", dag("\"vertices\": [{\"name\": \"v\", \"taskDurationsMs\": [1], \"tasks\": "
            + "[{\"durationMs\": 1}]}]"), "at dags[0].vertices[0]", "give either 'tasks' or 'taskDurationsMs', not both"),
        workload("a vertex without a name", dag("\"vertices\": [{\"taskDurationsMs\": [1]}]"), "at dags[0].vertices[0]",
            "vertex name must not be empty"),
        workload("a DAG without vertices", dag("\"vertices\": []"), "at dags[0]", "DAG q1 has no vertices"),
        workload("a DAG without an id", tezext("{\"dags\": [{\"vertices\": [{\"name\": \"v\", \"taskDurationsMs\": [1]}]}]}"),
            "at dags[0]", "DAG submission needs an id"),
        workload("two DAGs with one id", tezext("{\"dags\": [" + DAG + ", " + DAG + "]}"), "w.json", "has two DAGs with id q1"),
        workload("two vertices with one name", dag("\"vertices\": [{\"name\": \"v\", \"taskDurationsMs\": [1]}, "
            + "{\"name\": \"v\", \"taskDurationsMs\": [1]}]"), "at dags[0]", "has two vertices named v"),
        workload("an edge to an unknown vertex", dag("\"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1]}], "
            + "\"edges\": [{\"from\": \"a\", \"to\": \"b\"}]"), "at dags[0]", "edge a -> b names an unknown vertex"),
        workload("a duplicate edge", dag("\"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1]}, {\"name\": \"b\", "
            + "\"taskDurationsMs\": [1]}], \"edges\": [{\"from\": \"a\", \"to\": \"b\"}, {\"from\": \"a\", \"to\": \"b\", "
            + "\"movement\": \"BROADCAST\"}]"), "at dags[0]", "two edges from a to b"),
        workload("a self loop", dag("\"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1]}], \"edges\": "
            + "[{\"from\": \"a\", \"to\": \"a\"}]"), "at dags[0]", "edge a -> a is a self loop"),
        workload("a cycle", dag("\"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1]}, {\"name\": \"b\", "
            + "\"taskDurationsMs\": [1]}], \"edges\": [{\"from\": \"a\", \"to\": \"b\"}, {\"from\": \"b\", \"to\": \"a\"}]"),
            "at dags[0]", "DAG q1 has a cycle"),
        workload("a one-to-one edge between different parallelisms", dag("\"vertices\": [{\"name\": \"a\", "
            + "\"taskDurationsMs\": [1, 1]}, {\"name\": \"b\", \"taskDurationsMs\": [1]}], \"edges\": [{\"from\": \"a\", "
            + "\"to\": \"b\", \"movement\": \"ONE_TO_ONE\"}]"), "at dags[0]", "joins parallelism 2 to 1"),
        workload("an unknown data movement", dag("\"vertices\": [{\"name\": \"a\", \"taskDurationsMs\": [1]}], "
            + "\"edges\": [{\"from\": \"a\", \"to\": \"a\", \"movement\": \"FAN_OUT\"}]"), "at dags[0].edges[0].movement",
            "expected one of [BROADCAST, ONE_TO_ONE, SCATTER_GATHER], found \"FAN_OUT\""),
        workload("a blank queue", dag("\"queue\": \" \", \"vertices\": []"), "at dags[0].queue", "must name a queue"),
        workload("a blank session", dag("\"session\": \"\", \"vertices\": []"), "at dags[0].session",
            "must name a session"),
        workload("a queue the scenario lacks", dag("\"queue\": \"etl\", \"vertices\": [{\"name\": \"v\", "
            + "\"taskDurationsMs\": [1]}]"), "w.json: DAG q1 is submitted to queue 'etl'", "which the scenario does not define"),
        workload("a container no node holds", dag("\"vertices\": [{\"name\": \"v\", \"memoryMb\": 999999, "
            + "\"taskDurationsMs\": [1]}]"), "vertex 'v' asks for containers of 999999 MB", "largest: 65536 MB"),
        workload("a number written as a string", dag("\"vertices\": [{\"name\": \"v\", \"memoryMb\": \"4096\", "
            + "\"taskDurationsMs\": [1]}]"), "at dags[0].vertices[0].memoryMb",
            "expected a whole number, found the string \"4096\" (write numbers without quotes)"),
        workload("an array where a number belongs", dag("\"arrivalMs\": [1], \"vertices\": []"), "at dags[0].arrivalMs",
            "expected a whole number, found an array"),
        workload("nesting 200,000 deep", tezext("{\"dags\": [{\"id\": \"q1\", \"vertices\": " + "[".repeat(200_000)
            + "]".repeat(200_000) + "}]}"), "line 1 column", "nested deeper than 1,000 levels of arrays and objects"),
        workloadWith("hosts on an object-store vertex, with --strict", dag("\"vertices\": [{\"name\": \"v\", \"input\": "
            + "\"OBJECT_STORE\", \"tasks\": [{\"durationMs\": 1, \"hosts\": [\"node-000-000\"]}]}]"), List.of("--strict"),
            "at dags[0].vertices[0]", "1 tasks name hosts, but the vertex reads OBJECT_STORE, not HDFS, so they are not "
                + "used", "--strict"),
        workloadWith("an HDFS vertex without hosts, with --strict", dag("\"vertices\": [{\"name\": \"v\", \"input\": "
            + "\"HDFS\", \"taskDurationsMs\": [1, 2]}]"), List.of("--strict"), "at dags[0].vertices[0]",
            "2 of its 2 tasks name no hosts, though the vertex reads HDFS", "--strict"),
        workloadWith("a host the scenario lacks, with --strict", dag("\"vertices\": [{\"name\": \"v\", \"input\": "
            + "\"HDFS\", \"tasks\": [{\"durationMs\": 1, \"hosts\": [\"nowhere\"]}]}]"), List.of("--strict"),
            "at dags[0].vertices[0].tasks[0].hosts", "host 'nowhere' is not a node of the scenario", "--strict"));
  }

  private static List<Case> scenarios() {
    return List.of(
        scenario("an array", "[1, 2]", "line 1 column 1", "expected a JSON object ({...}), found an array"),
        scenario("a string", "\"cluster\"", "line 1 column 1", "expected a JSON object ({...}), found a string"),
        scenario("an empty file", "", "scenario.json: empty", "expected a JSON object"),
        scenario("an AM no node holds", "{\"tez\": {\"amMemoryMb\": 999999}}", "in 'scenario'", "tez.amMemoryMb is 999999"),
        scenario("queues adding up to 90%", "{\"queues\": [{\"name\": \"a\", \"capacity\": 60}, {\"name\": \"b\", "
            + "\"capacity\": 30}]}", "in 'queues'", "queue capacities must add up to 100%, they add up to 90.0%"),
        scenario("a misspelt Tez key", "{\"tez\": {\"conf\": {\"tez.am.contianer.reuse.enabled\": \"false\"}}}",
            "in 'tez.conf'", "unknown key tez.am.contianer.reuse.enabled"),
        scenario("a Tez value Hadoop would ignore", "{\"tez\": {\"conf\": {\"tez.am.container.reuse.enabled\": "
            + "\"maybe\"}}}", "in 'tez.conf'", "tez.am.container.reuse.enabled = 'maybe': expected true or false"),
        scenario("an unknown field", "{\"rackz\": 2}", "line 1 column", "unknown field 'rackz'"),
        scenario("a field given twice", "{\"racks\": 2,\n \"racks\": 3}", "line 2 column",
            "the field 'racks' is given twice"),
        scenario("fractional node memory", "{\"nodeMemoryMb\": 1024.5}", "at nodeMemoryMb",
            "expected a whole number, found 1024.5"),
        scenario("null racks", "{\"racks\": null}", "at racks", "expected a value, found null"),
        scenario("a null node", "{\"nodes\": [null]}", "at nodes", "expected a value, found null"),
        scenario("nodes and racks", "{\"racks\": 1, \"nodes\": [{\"host\": \"a\", \"rack\": \"/r\"}]}", "in 'nodes'",
            "give either 'nodes' or 'racks' + 'nodesPerRack', not both"),
        scenario("a node loss of an unknown host", "{\"failures\": {\"nodeLosses\": [{\"host\": \"x\", \"atMs\": 1}]}}",
            "in 'scenario'", "failures.nodeLosses names host x"),
        scenario("losing every node", "{\"racks\": 1, \"nodesPerRack\": 1, \"failures\": {\"nodeLosses\": "
            + "[{\"host\": \"node-000-000\", \"atMs\": 1}]}}", "in 'scenario'", "loses every node"),
        scenario("a failure probability above 1", "{\"failures\": {\"containerFailureProbability\": 1.5}}",
            "in 'failures'", "1.5"),
        scenario("a zero heartbeat", "{\"yarn\": {\"nodeHeartbeatMs\": 0}}", "yarn.nodeHeartbeatMs", "'0': expected a whole number, at least 1"),
        scenario("an unknown yarn setting", "{\"yarn\": {\"nodeHeartbeat\": 5}}", "nodeHeartbeat", "yarn"),
        scenario("a fraction above 1", "{\"tez\": {\"slowStartMinFraction\": 2}}", "tez.slowStartMinFraction",
            "'2': expected a number from 0 to 1"),
        scenario("a fractional integer setting", "{\"tez\": {\"amMemoryMb\": 1.5}}", "tez.amMemoryMb", "1.5"),
        scenario("a zero sample interval", "{\"sampleIntervalMs\": 0}", "in 'scenario'",
            "sampleIntervalMs must be positive, was 0"),
        scenario("a negative capacity", "{\"queues\": [{\"name\": \"default\", \"capacity\": -5}]}", "in 'queues'", "-5"),
        scenario("two queues with one name", "{\"queues\": [{\"name\": \"a\", \"capacity\": 50}, {\"name\": \"a\", "
            + "\"capacity\": 50}]}", "in 'queues'", "a"),
        scenario("idle release bounds that differ", "{\"tez\": {\"conf\": {"
            + "\"tez.am.container.idle.release-timeout-min.millis\": \"1000\", "
            + "\"tez.am.container.idle.release-timeout-max.millis\": \"5000\"}}}",
            "in 'tez.conf': tez.am.container.idle.release-timeout-max.millis (5000)", "must equal"),
        scenario("zero racks", "{\"racks\": 0}", "in 'nodes'", "0"),
        scenario("an empty queues list", "{\"queues\": []}", "line 1 column 13 at queues",
            "an empty list; leave 'queues' out for one queue, 'default'"),
        scenario("a number written as a string", "{\"racks\": \"2\"}", "at racks",
            "expected a whole number, found the string \"2\""),
        scenario("a million nodes a rack on a thousand racks", "{\"racks\": 1000, \"nodesPerRack\": 1000000}",
            "in 'nodes': 1000 racks x 1000000 nodesPerRack", "1,000,000,000 nodes", "TEZEXT_SIM_HEAP"),
        scenario("racks times nodes past a whole number", "{\"racks\": 100000, \"nodesPerRack\": 100000}",
            "in 'nodes'", "10,000,000,000 nodes", "TEZEXT_SIM_HEAP"));
  }

  /** The simple history fixture with its first line containing {@code marker} changed by {@code change}. */
  private static Supplier<Path> simpleHistoryWith(String marker, java.util.function.UnaryOperator<String> change) {
    return () -> {
      List<String> lines = readLines(resource(SIMPLE_HISTORY));
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).contains(marker)) {
          lines.set(i, change.apply(lines.get(i)));
          Path d = directory("simple");
          return write(d.resolve("history.txt.appattempt_1795361869420_0001_000001"), String.join("\n", lines));
        }
      }
      throw new IllegalStateException(marker + " is not in the fixture");
    };
  }

  private static List<Case> simpleHistory() {
    return List.of(
        workload("history: a line that is not JSON", simpleHistoryWith("VERTEX_INITIALIZED", l -> "{\"entity\": oops"),
            "line 8", "not valid JSON"),
        workload("history: a vertex without numTasks", simpleHistoryWith("VERTEX_INITIALIZED",
            l -> l.replace("\"numTasks\"", "\"numTask\"")), "line 8", "missing or invalid field 'otherinfo.numTasks'"),
        workload("history: an attempt ending before it started", simpleHistoryWith("TASK_ATTEMPT_FINISHED",
            l -> l.replaceFirst("\"endTime\":\\d+", "\"endTime\":1")), "vertex 'generate' task",
            "ends at 1, before it started"),
        workload("history: an unknown data movement", simpleHistoryWith("\"dataMovementType\":\"SCATTER_GATHER\"",
            l -> l.replaceFirst("\"dataMovementType\":\"SCATTER_GATHER\"", "\"dataMovementType\":\"FAN_OUT\"")),
            "line 4", "dataMovementType 'FAN_OUT'"),
        workload("history: a DAG without its plan", simpleHistoryWith("DAG_SUBMITTED",
            l -> l.replace("\"dagPlan\"", "\"dagPlam\"")), "line 4", "missing or invalid field 'otherinfo.dagPlan'"),
        workload("history: a container size that is no number", simpleHistoryWith("TEZ_APPLICATION\"",
            l -> l.replace("\"tez.task.resource.memory.mb\":\"256\"", "\"tez.task.resource.memory.mb\":\"lots\"")),
            "line 1", "otherinfo.config.tez.task.resource.memory.mb"),
        workload("history: an attempt without its node", simpleHistoryWith("TASK_ATTEMPT_STARTED",
            l -> l.replaceAll("\\{\"entity\":\"[^\"]*\",\"entitytype\":\"nodeId\"\\},?", "")),
            "relatedEntities[nodeId]", "missing or invalid field"),
        workload("history: a DAG that failed", simpleHistoryWith("DAG_FINISHED",
            l -> l.replace("\"status\":\"SUCCEEDED\"", "\"status\":\"FAILED\"")), "line 4",
            "did not succeed, so its task durations are incomplete"),
        workload("history: an event without its time", simpleHistoryWith("DAG_SUBMITTED",
            l -> l.replaceFirst("\"ts\":\\d+", "\"tz\":1")), "line 4", "events[DAG_SUBMITTED].ts"),
        workload("history: the same file twice in a directory", () -> {
          Path d = directory("simple-twice");
          copy(resource(SIMPLE_HISTORY), d.resolve("history.txt.appattempt_1795361869420_0001_000001"));
          copy(resource(SIMPLE_HISTORY), d.resolve("history.txt.appattempt_1795361869420_0001_000001.copy"));
          return d;
        }, "history.txt.appattempt_1795361869420_0001_000001.copy line 4", "DAG_SUBMITTED is recorded a second time",
            "first at", "the same history given twice"),
        workload("history: a negative time", simpleHistoryWith("\"allocationTime\"",
            l -> l.replaceFirst("\"allocationTime\":\\d+", "\"allocationTime\":-5")), "line ",
            "field 'otherinfo.allocationTime' is -5; expected a value >= 0"),
        workload("history: a line nested 200,000 deep", simpleHistoryWith("VERTEX_INITIALIZED",
            l -> "{\"entity\": " + "[".repeat(200_000) + "]".repeat(200_000) + "}"), "line 8",
            "nested deeper than 1,000 levels"),
        workloadWith("history: initialization before its request, with --strict", simpleHistoryWith("VERTEX_INITIALIZED",
            l -> l.replaceFirst("\"initTime\":\\d+", "\"initTime\":1")), List.of("--strict"), "line 8",
            "otherinfo.initTime 1 is before otherinfo.initRequestedTime", "--strict"),
        workloadWith("history: no queue, with --strict", simpleHistoryWith("DAG_SUBMITTED",
            l -> l.replace("\"queueName\":\"root.default\"", "\"queueNam\":\"root.default\"")), List.of("--strict"),
            "line 4", "no queueName: submitted to queue 'default'", "--strict"),
        workloadWith("history: no application configuration, with --strict", simpleHistoryWith("TEZ_APPLICATION\"",
            l -> l.replace("\"config\"", "\"konfig\"")), List.of("--strict"), "no TEZ_APPLICATION record with the "
                + "application's configuration", "Tez's defaults", "--strict"));
  }

  private static List<Case> atsZips() {
    return List.of(
        workload("ats: an entry that is not JSON", () -> zip("dag_1.zip", "dag_1", "{oops"), "dag_1.zip!dag_1",
            "not valid JSON"),
        workload("ats: an entry that is no object", () -> zip("dag_2.zip", "dag_2", "[1, 2]"), "dag_2.zip!dag_2",
            "expected a JSON object with 'dag'"),
        workload("ats: an entry of unknown parts", () -> zip("dag_3.zip", "dag_3", "{\"things\": []}"),
            "dag_3.zip!dag_3", "found [things]"),
        workload("ats: an entity without its type", () -> zip("dag_4.zip", "dag_4", "{\"dag\": {\"entity\": "
            + "\"dag_1_1_1\"}}"), "dag_4.zip!dag_4 dag", "missing or invalid field 'entitytype'"),
        workload("ats: a corrupt zip beside a good one", () -> {
          Path d = atsDirectory("ats-corrupt");
          write(d.resolve("dag_9.zip"), "PK\u0003\u0004 not really a zip");
          return d;
        }, "dag_9.zip", "not a zip file"),
        workload("ats: a download cut short before the good ones", () -> {
          Path d = atsDirectory("ats-cut");
          byte[] whole = readBytes(d.resolve("dag_1795361869420_0001_1.zip"));
          file(d.resolve("dag_1795361869420_0001_0.zip"), Arrays.copyOf(whole, whole.length / 2));
          return d;
        }, "dag_1795361869420_0001_0.zip", "not a zip file, or one cut short"),
        workload("ats: the only download cut short", () -> {
          Path d = atsDirectory("ats-cut-only");
          byte[] whole = readBytes(d.resolve("dag_1795361869420_0001_1.zip"));
          try (Stream<Path> zips = Files.list(d)) {
            for (Path z : zips.toList()) {
              file(z, Arrays.copyOf(whole, whole.length / 2));
            }
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          return d;
        }, ".zip: not a zip file, or one cut short", "other zips open"),
        workload("ats: the same DAG downloaded twice", () -> {
          Path d = atsDirectory("ats-twice");
          copy(d.resolve("dag_1795361869420_0001_1.zip"), d.resolve("dag_1795361869420_0001_1 (1).zip"));
          return d;
        }, "dag_1795361869420_0001_1.zip!", "is recorded a second time", "the same history given twice"),
        workload("ats: a DAG without its plan", () -> zip("dag_5.zip", "dag_5", "{\"dag\": {\"entity\": "
            + "\"dag_1_1_1\", \"entitytype\": \"TEZ_DAG_ID\", \"events\": [{\"eventtype\": \"DAG_SUBMITTED\", "
            + "\"timestamp\": 1}], \"otherinfo\": {}}}"), "dag_5.zip!dag_5 dag", "otherinfo.dagPlan"));
  }

  private static List<Case> protoHistory() {
    return List.of(
        workload("proto: a file that is not a SequenceFile", () -> {
          Path d = protoCopy("proto-garbage");
          write(d.resolve("dag_data/date=2026-11-22/dag_1795386438517_0001_9_1"), "SEQ but not really");
          return d;
        }, "dag_1795386438517_0001_9_1", "not a Tez proto history SequenceFile"),
        workload("proto: a DAG file cut short", () -> {
          Path d = protoCopy("proto-cut");
          Path f = d.resolve("dag_data/date=2026-11-22/dag_1795386438517_0001_1_1");
          byte[] bytes = readBytes(f);
          file(f, Arrays.copyOf(bytes, bytes.length / 2));
          return d;
        }, "dag_1795386438517_0001_1_1 event 1", "did not succeed, so its task durations are incomplete"),
        workload("proto: the same DAG file twice", () -> {
          Path d = protoCopy("proto-twice");
          Path day = directoryAt(d.resolve("dag_data/date=2026-11-23"));
          copy(d.resolve("dag_data/date=2026-11-22/dag_1795386438517_0001_1_1"), day.resolve("dag_1795386438517_0001_1_1"));
          return d;
        }, "date=2026-11-23/dag_1795386438517_0001_1_1 event", "is recorded a second time",
            "the same history given twice"),
        workloadWith("proto: an empty file, with --strict", () -> {
          Path d = protoCopy("proto-empty");
          file(d.resolve("dag_data/date=2026-11-22/dag_1795386438517_0001_9_1"), new byte[0]);
          return d;
        }, List.of("--strict"), "dag_1795386438517_0001_9_1", "an empty history file", "--strict"),
        workloadWith("proto: dag_data alone, with --strict", () -> protoCopy("proto-dags-only").resolve("dag_data"),
            List.of("--strict"), "no TEZ_APPLICATION record", "app_data", "--strict"));
  }

  private static final String ROW = "M1,1,j_1,1,Terminated,100,200,100,0.5";

  /** An Alibaba trace directory with {@code batch_task.csv} holding {@code rows} and a matching batch_instance. */
  private static Supplier<Path> alibabaRows(String... rows) {
    return () -> {
      Path d = directory("alibaba");
      write(d.resolve("batch_task.csv"), String.join("\n", rows) + "\n");
      write(d.resolve("batch_instance.csv"), "i_1,M1,j_1,1,Terminated,100,150,m_1,1,1,0.5,0.6,0.1,0.2\n");
      return d;
    };
  }

  private static List<Case> alibaba() {
    return List.of(
        workload("alibaba: an Alibaba task of two billion instances", () -> {
          Path trace = directory("alibaba-huge");
          write(trace.resolve("batch_task.csv"), "M1,2000000000,j_1,1,Terminated,100,200,100,0.5\n");
          return trace;
        }, "batch_task.csv line 1", "2,000,000,000 task instances, take about", "TEZEXT_SIM_HEAP"),
        workload("alibaba: eight columns", alibabaRows("M1,1,j_1,1,Terminated,100,200,100"), "batch_task.csv line 1",
            "expected 9 columns"),
        workload("alibaba: an instance count that is no number", alibabaRows("M1,lots,j_1,1,Terminated,100,200,100,0.5"),
            "line 1 column 2 (instance_num)", "expected an integer, found 'lots'"),
        workload("alibaba: an instance count past a whole number", alibabaRows(
            "M1,99999999999,j_1,1,Terminated,100,200,100,0.5"), "line 1 column 2 (instance_num)",
            "expected at most 2147483647 instances, found '99999999999'"),
        workload("alibaba: a fractional instance count", alibabaRows("M1,1.5,j_1,1,Terminated,100,200,100,0.5"),
            "line 1 column 2 (instance_num)", "expected an integer, found '1.5'"),
        workload("alibaba: no instances", alibabaRows("M1,0,j_1,1,Terminated,100,200,100,0.5"),
            "line 1 column 2 (instance_num)", "at least 1 instance"),
        workload("alibaba: an end before the start", alibabaRows("M1,1,j_1,1,Terminated,200,100,100,0.5"),
            "line 1 column 7 (end_time)", "seconds >= start_time 200"),
        workload("alibaba: a negative start", alibabaRows("M1,1,j_1,1,Terminated,-1,100,100,0.5"),
            "line 1 column 6 (start_time)", "seconds >= 0"),
        workload("alibaba: an end past the clock", alibabaRows("M1,1,j_1,1,Terminated,1,9223372036854775807,100,0.5"),
            "line 1 column 7 (end_time)", "the simulator's clock bound"),
        workload("alibaba: no CPU", alibabaRows("M1,1,j_1,1,Terminated,100,200,0,0.5"), "line 1 column 8 (plan_cpu)",
            "a positive share"),
        workload("alibaba: memory above 100%", alibabaRows("M1,1,j_1,1,Terminated,100,200,100,150"),
            "line 1 column 9 (plan_mem)", "a share of machine memory in (0, 100]"),
        workload("alibaba: an empty job name", alibabaRows("M1,1,,1,Terminated,100,200,100,0.5"),
            "line 1 column 3 (job_name)", "expected a value"),
        workload("alibaba: a dependency on a missing task", alibabaRows("M2_7,1,j_1,1,Terminated,100,200,100,0.5"),
            "line 1 column 1 (task_name)", "runs after task 7, which job j_1 does not have"),
        workload("alibaba: a task number past int", alibabaRows("M99999999999,1,j_1,1,Terminated,100,200,100,0.5"),
            "line 1 column 1 (task_name)", "is too large"),
        workload("alibaba: one task number twice", alibabaRows(ROW, "M1,1,j_1,1,Terminated,100,200,100,0.5"),
            "line 2 column 1 (task_name)", "already has task 1"),
        workload("alibaba: a cycle", alibabaRows("M1_2,1,j_1,1,Terminated,100,200,100,0.5",
            "M2_1,1,j_1,1,Terminated,100,200,100,0.5"), "batch_task.csv line 1", "has a cycle"),
        workload("alibaba: no finished job", alibabaRows("M1,1,j_1,1,Running,100,200,100,0.5"),
            "no job to replay", "1 with a task that did not end Terminated"),
        workload("alibaba: a bad batch_instance row", () -> {
          Path d = alibabaRows(ROW).get();
          write(d.resolve("batch_instance.csv"), "i_1,M1,j_1,1,Terminated,100\n");
          return d;
        }, "batch_instance.csv line 1", "expected 14 columns"),
        workloadWith("alibaba: an unfinished job, with --strict", alibabaRows(ROW, "M1,1,j_2,1,Failed,100,200,100,0.5"),
            List.of("--strict"), "line 2 column 5 (status)", "'Failed', not Terminated", "--strict"),
        workloadWith("alibaba: no batch_instance, with --strict", () -> {
          Path d = directory("alibaba-tasks-only");
          write(d.resolve("batch_task.csv"), ROW + "\n");
          return d;
        }, List.of("--strict"), "batch_task.csv: no batch_instance.csv beside it", "--strict"),
        workloadWith("alibaba: a repeated dependency, with --strict", alibabaRows(ROW,
            "M2_1_1,1,j_1,1,Terminated,100,200,100,0.5"), List.of("--strict"), "line 2 column 1 (task_name)",
            "names a task it runs after more than once", "--strict"),
        workloadWith("alibaba: instances batch_instance does not have, with --strict", alibabaRows(
            "M1,3,j_1,1,Terminated,100,200,100,0.5"), List.of("--strict"), "line 1 column 2 (instance_num)",
            "3 instances, but", "has 1 Terminated ones", "--strict"));
  }

  private static Supplier<Path> slsJob(String json) {
    return () -> text("sls.json", json);
  }

  private static final String SLS_TASK = "{\"container.host\": \"/rack-000/node-000-000\", \"duration.ms\": 5}";

  private static List<Case> sls() {
    return List.of(
        workload("sls: no start", slsJob("{\"job.tasks\": [" + SLS_TASK + "]}"), "line 1 (entry 1)",
            "missing job.start.ms"),
        workload("sls: a negative duration", slsJob("{\"job.start.ms\": 0,\n \"job.tasks\": [{\"duration.ms\": -5}]}"),
            "line 1 (entry 1) job.tasks[0] duration.ms", "expected a number > 0, found -5"),
        workload("sls: an unknown container type", slsJob("{\"job.start.ms\": 0, \"job.tasks\": [{\"duration.ms\": 5, "
            + "\"container.type\": \"shuffle\"}]}"), "job.tasks[0] container.type", "expected 'map' or 'reduce'"),
        workload("sls: no run time", slsJob("{\"job.start.ms\": 0, \"job.tasks\": [{\"container.type\": \"map\"}]}"),
            "job.tasks[0]", "no run time"),
        workload("sls: no tasks", slsJob("{\"job.start.ms\": 0, \"job.tasks\": []}"), "(entry 1) job.tasks",
            "expected a non-empty array of containers"),
        workload("sls: a huge job count", slsJob("{\"job.start.ms\": 0, \"job.count\": 1000000, \"job.tasks\": ["
            + SLS_TASK + "]}"), "job.count", "at most 100000"),
        workload("sls: a container count past the limit", slsJob("{\"job.start.ms\": 0, \"job.tasks\": [{\"duration.ms\": 5, "
            + "\"count\": 99999999999}]}"), "job.tasks[0] count", "at most 1,000,000 containers", "99999999999"),
        workload("sls: memory past a whole number", slsJob("{\"job.start.ms\": 0, \"job.tasks\": [{\"duration.ms\": 5, "
            + "\"container.memory-mb\": 99999999999}]}"), "job.tasks[0] container.memory-mb",
            "at most 2147483647 MB", "99999999999"),
        workload("sls: nesting 200,000 deep", slsJob("{\"job.start.ms\": 0, \"job.tasks\": " + "[".repeat(200_000)
            + "]".repeat(200_000) + "}"), "line 1 column", "nested deeper than 1,000 levels"),
        workload("sls: one job id twice", slsJob("{\"job.start.ms\": 0, \"job.id\": \"j\", \"job.tasks\": [" + SLS_TASK
            + "]}\n{\"job.start.ms\": 0, \"job.id\": \"j\", \"job.tasks\": [" + SLS_TASK + "]}"),
            "line 2 (entry 2) job.id", "'j' was used by an earlier job"),
        workload("sls: not JSON", slsJob("{\"job.start.ms\": 0, \"job.tasks\": [" + SLS_TASK + "]\n oops}"),
            "line 2 column", "not valid JSON"),
        workload("sls: a key given twice", slsJob("{\"job.start.ms\": 0, \"job.start.ms\": 5, \"job.tasks\": ["
            + SLS_TASK + "]}"), "line 1 column", "the field 'job.start.ms' is given twice"),
        workload("sls: memory that is no number", slsJob("{\"job.start.ms\": 0, \"job.tasks\": [{\"duration.ms\": 5, "
            + "\"container.memory-mb\": \"big\"}]}"), "job.tasks[0] container.memory-mb", "big"),
        workload("sls: a queue the scenario lacks", slsJob("{\"job.start.ms\": 0, \"job.queue.name\": \"sls_queue_1\", "
            + "\"job.tasks\": [" + SLS_TASK + "]}"), "queue 'sls_queue_1'", "which the scenario does not define"),
        workloadWith("sls: an unknown key, with --strict", slsJob("{\"job.start.ms\": 0, \"job.taks\": 1, "
            + "\"job.tasks\": [" + SLS_TASK + "]}"), List.of("--strict"), "(entry 1) job.taks",
            "a key neither SLS nor the simulator reads", "--strict"),
        workloadWith("sls: mixed container sizes, with --strict", slsJob("{\"job.start.ms\": 0, \"job.tasks\": ["
            + "{\"duration.ms\": 5, \"container.memory-mb\": 1024}, {\"duration.ms\": 5, \"container.memory-mb\": 2048}]}"),
            List.of("--strict"), "(entry 1) job.tasks", "map containers of different sizes", "--strict"),
        workloadWith("sls: a host the scenario lacks, with --strict", slsJob("{\"job.start.ms\": 0, \"job.tasks\": ["
            + "{\"container.host\": \"/r/elsewhere\", \"duration.ms\": 5}]}"), List.of("--strict"),
            "(entry 1) job.tasks container.host", "host 'elsewhere' is not a node of the scenario", "--strict"));
  }

  private static List<Case> commandLines() {
    Supplier<Path> good = tezext("{\"dags\": [" + DAG + "]}");
    return List.of(
        cli("no threads", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--threads", "0"), "--threads",
            "must be at least 1, was 0"),
        cli("an unknown report format", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--format", "pdf"),
            "pdf", "console"),
        cli("files without --out", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--format", "json"),
            "--out DIR", "json"),
        cli("an unknown scheduler", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--scheduler",
            "fastest"), "fastest", "dagaware"),
        cli("a misspelt scheduler key", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--scheduler",
            "dagaware(tez.am.contianer.reuse.enabled=false)"), "tez.am.contianer.reuse.enabled",
            "unknown key tez.am.contianer.reuse.enabled for dagaware"),
        cli("a negative scheduler delay", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--scheduler",
            "dagaware(tez.am.container.reuse.locality.delay-allocation-millis=-5)"),
            "tez.am.container.reuse.locality.delay-allocation-millis", "-5"),
        cli("an unknown calibrate mode", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--calibrate",
            "maybe"), "--calibrate", "auto or off"),
        cli("an unknown workload format", () -> List.of("run", "--cluster", REFERENCE, "--workload",
            good.get().toString(), "--workload-format", "xml"), "'xml'", "known formats"),
        cli("a missing workload", () -> List.of("run", "--cluster", REFERENCE, "--workload",
            dir.resolve("missing.json").toString()), "missing.json", "no such file or directory"),
        cli("a missing scenario", () -> List.of("run", "--cluster", dir.resolve("missing-scenario.json").toString(),
            "--synthetic"), "missing-scenario.json", "no such file"),
        cli("a seed that is no number", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--seed", "abc"),
            "--seed", "abc"),
        cli("--skip-bad with --strict", () -> List.of("run", "--cluster", REFERENCE, "--workload", good.get().toString(),
            "--skip-bad", "--strict"), "--skip-bad and --strict", "give one of them"),
        cli("--out naming a file", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--out",
            text("a-file", "x").toString()), "--out", "is a file, not a directory"),
        cli("one workload given twice", () -> {
          String w = good.get().toString();
          return List.of("run", "--cluster", REFERENCE, "--workload", w, "--workload", w);
        }, "--workload is given twice (both times ", "give it once"),
        cli("an unknown option", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--fast"), "--fast",
            "Unknown option"),
        cli("a workload and --synthetic", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--workload",
            good.get().toString()), "--workload=PATH, --synthetic are mutually exclusive", "specify only one"),
        cli("generator options with a workload", () -> List.of("run", "--cluster", REFERENCE, "--workload",
            good.get().toString(), "--dags", "5", "--sessions", "2"), "--dags, --sessions apply to --synthetic only",
            "is replayed as it is"),
        cli("reader options with --synthetic", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--strict"),
            "--strict applies to --workload only", "not to --synthetic"),
        cli("--calibrate with a workload that is not history", () -> List.of("run", "--cluster", REFERENCE,
            "--workload", good.get().toString(), "--calibrate", "off"), "--calibrate applies to Tez history only",
            "read as tezext"),
        cli("a node named localhost with object-store reads", () -> List.of("run", "--cluster", text("localhost.json",
            "{\"nodes\": [{\"host\": \"localhost\", \"rack\": \"/r\"}]}").toString(), "--workload", tezext("{\"dags\": "
            + "[{\"id\": \"q1\", \"vertices\": [{\"name\": \"scan\", \"input\": \"OBJECT_STORE\", \"taskDurationsMs\": "
            + "[5]}]}]}").get().toString()), "localhost.json has a node named 'localhost', and DAG q1 (vertex scan) reads "
            + "object storage", "every such read would be node-local"),
        cli("two billion synthetic DAGs", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--dags",
            "2147483647"), "a synthetic workload of 2,147,483,647 DAGs (projected from its first 1,000)",
            "TEZEXT_SIM_HEAP", "give fewer --dags"),
        cli("a named pipe as the workload", () -> List.of("run", "--cluster", REFERENCE, "--workload",
            fifo("workload.fifo").toString()), "workload.fifo", "a named pipe (FIFO), not a regular file or a directory"),
        cli("a named pipe as the scenario", () -> List.of("run", "--cluster", fifo("scenario.fifo").toString(),
            "--synthetic"), "scenario.fifo", "a named pipe (FIFO)"),
        cli("a named pipe in a history directory", () -> {
          Path d = directory("simple-fifo");
          copy(resource(SIMPLE_HISTORY), d.resolve("history.txt.appattempt_1795361869420_0001_000001"));
          mkfifo(d.resolve("history.txt.appattempt_1795361869420_0002_000001"));
          return List.of("run", "--cluster", REFERENCE, "--workload", d.toString());
        }, "history.txt.appattempt_1795361869420_0002_000001", "a named pipe (FIFO)"),
        cli("--out a link to nothing", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--out",
            link("out-link", dir.resolve("nowhere")).toString()), "--out", "is a symbolic link to", "which does not exist"),
        cli("--out under a link to nothing", () -> List.of("run", "--cluster", REFERENCE, "--synthetic", "--out",
            link("parent-link", dir.resolve("nowhere")).resolve("out").toString()), "parent-link",
            "is a symbolic link to", "which does not exist"),
        cli("generate --out under a file", () -> List.of("generate", "--cluster", REFERENCE, "--out",
            text("a-file", "x").resolve("w.json").toString()), "--out", "a-file is a file, not a directory"),
        cli("generate --out into no directory", () -> List.of("generate", "--cluster", REFERENCE, "--out",
            dir.resolve("no-such-dir").resolve("w.json").toString()), "--out", "no directory"),
        cli("generate --out a link to nothing", () -> List.of("generate", "--cluster", REFERENCE, "--out",
            link("w-link.json", dir.resolve("nowhere.json")).toString()), "--out", "is a symbolic link to",
            "which does not exist"),
        cli("generate --out a directory", () -> List.of("generate", "--cluster", REFERENCE, "--out",
            directory("a-dir").toString()), "--out", "is a directory"),
        cli("calibrate --out a link to nothing", () -> List.of("calibrate", "--workload",
            resource(SIMPLE_HISTORY).toString(), "--out", link("s-link.json", dir.resolve("nowhere.json")).toString()),
            "--out", "is a symbolic link to", "which does not exist"),
        cli("generate over its scenario", () -> {
          Path scenario = copy(Path.of(REFERENCE), dir.resolve("scenario-" + FILES.incrementAndGet() + ".json"));
          return List.of("generate", "--cluster", scenario.toString(), "--out", scenario.toString());
        }, "--out", "scenario"));
  }

  // ---- the test ----

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aBadInputIsAClearErrorSayingWhereAndWhat(Case c) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(c.args().get().toArray(String[]::new), new PrintWriter(out, true),
        new PrintWriter(err, true));
    String message = err.toString();
    assertThat(code).as(message).isEqualTo(2);
    assertThat(message).as("where").contains(c.where());
    assertThat(message).as("what").contains(c.what());
    assertThat(message).as("no stack trace").doesNotContain("\tat ").doesNotContain("Exception");
  }

  @Test
  void theTableCoversEveryFormatWithAtLeastAHundredInputs() {
    assertThat(cases().count()).isGreaterThanOrEqualTo(100);
  }

  @Test
  void debugAddsTheStackTrace() {
    Path scenario = text("scenario-debug.json", "[1]");
    StringWriter err = new StringWriter();
    int code = TezextSim.execute(new String[] {"run", "--cluster", scenario.toString(), "--synthetic", "--format",
        "console", "--quiet", "--debug"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("expected a JSON object").contains("\tat ");
  }

  // ---- rows ----

  private static Case workload(String name, Supplier<Path> path, String where, String... what) {
    return workloadWith(name, path, List.of(), where, what);
  }

  /** A run of the workload at {@code path} on the reference scenario, with {@code flags}. */
  private static Case workloadWith(String name, Supplier<Path> path, List<String> flags, String where, String... what) {
    return new Case(name, () -> {
      List<String> args = new ArrayList<>(List.of("run", "--cluster", REFERENCE, "--workload", path.get().toString(),
          "--format", "console", "--quiet"));
      args.addAll(flags);
      return args;
    }, where, what);
  }

  /** A run of a small synthetic workload on a scenario file holding {@code json}. */
  private static Case scenario(String name, String json, String where, String... what) {
    return new Case("scenario: " + name, () -> List.of("run", "--cluster", text("scenario.json", json).toString(),
        "--synthetic", "--dags", "2", "--format", "console", "--quiet"), where, what);
  }

  /** A command line; a run without --format reports to the console only. */
  private static Case cli(String name, Supplier<List<String>> args, String where, String... what) {
    return new Case("command line: " + name, () -> {
      List<String> line = new ArrayList<>(args.get());
      if (line.get(0).equals("run") && !line.contains("--format")) {
        line.addAll(List.of("--format", "console", "--quiet"));
      }
      return line;
    }, where, what);
  }

  // ---- fixtures, each in a directory of its own under the test's ----

  private static Path fresh(String name) {
    try {
      return Files.createDirectories(dir.resolve("case-" + FILES.incrementAndGet())).resolve(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path file(String name, byte[] bytes) {
    return file(fresh(name), bytes);
  }

  private static Path file(Path path, byte[] bytes) {
    try {
      return Files.write(path, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path text(String name, String text) {
    return file(name, text.getBytes(StandardCharsets.UTF_8));
  }

  private static Path write(Path path, String text) {
    return file(path, text.getBytes(StandardCharsets.UTF_8));
  }

  private static Path directory(String name) {
    return directoryAt(fresh(name));
  }

  private static Path directoryAt(Path path) {
    try {
      return Files.createDirectories(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A named pipe: reading one blocks until something writes to it. */
  private static Path fifo(String name) {
    return mkfifo(fresh(name));
  }

  private static Path mkfifo(Path path) {
    try {
      Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
      if (p.waitFor() != 0) {
        throw new IllegalStateException("mkfifo " + path + " failed");
      }
      return path;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Path link(String name, Path to) {
    try {
      return Files.createSymbolicLink(fresh(name), to);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path copy(Path from, Path to) {
    try {
      return Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] readBytes(Path path) {
    try {
      return Files.readAllBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> readLines(Path path) {
    try {
      return new ArrayList<>(Files.readAllLines(path, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path resource(String name) {
    try {
      return Path.of(BadInputTest.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] gzip(String text) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (OutputStream out = new GZIPOutputStream(bytes)) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A zip named {@code name} holding one entry. */
  private static Path zip(String name, String entry, String content) {
    Path path = fresh(name);
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(path))) {
      zip.putNextEntry(new ZipEntry(entry));
      zip.write(content.getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
      return path;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The simple history fixture as ATSImportTool zips, one per DAG. */
  private static Path atsDirectory(String name) {
    try {
      return AtsZipFixture.write(resource(SIMPLE_HISTORY), directory(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A copy of the proto history fixture. */
  private static Path protoCopy(String name) {
    Path from = resource(PROTO_HISTORY);
    Path to = directory(name);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
      return to;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
