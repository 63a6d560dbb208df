package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.run.SchedulerLog;

class TezextSimTest {
  @TempDir
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return TezextSim.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  /** Replays a one-job SLS trace (the job's keys after job.start.ms 0) on the reference scenario. */
  private int runSlsJob(String jobKeys) throws IOException {
    Path sls = Files.writeString(dir.resolve("jobs.json"), "{\"job.start.ms\": 0, " + jobKeys + "}");
    return run("run", "--cluster", "scenarios/reference.json", "--workload", sls.toString(), "--format", "console",
        "--quiet");
  }

  @Test
  void runWritesReportsAndASummaryTable() throws IOException {
    int code = run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "8",
        "--scheduler", "dagaware,no-reuse=dagaware(tez.am.container.reuse.enabled=false)", "--seed", "3",
        "--out", dir.toString(), "--quiet");

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).contains("dagaware (baseline)").contains("no-reuse").contains("makespan");
    assertThat(dir.resolve("summary.json")).isRegularFile();
    assertThat(dir.resolve("attempts.csv")).isRegularFile();
  }

  @Test
  void sameArgumentsGiveTheSameBytesApartFromHostMeasuredFigures() throws IOException {
    for (String sub : List.of("a", "b")) {
      assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "10", "--seed", "5",
          "--out", dir.resolve(sub).toString(), "--quiet", "--format", "json,csv")).isZero();
    }
    for (String file : List.of("dags.json", "dags.csv", "attempts.csv", "utilization.csv")) {
      assertThat(Files.readAllBytes(dir.resolve("b").resolve(file)))
          .as(file).isEqualTo(Files.readAllBytes(dir.resolve("a").resolve(file)));
    }
    assertThat(withoutHostFigures(dir.resolve("b/summary.json")))
        .isEqualTo(withoutHostFigures(dir.resolve("a/summary.json")));
  }

  @Test
  void generatedWorkloadReplaysLikeTheSyntheticOne() throws IOException {
    Path workload = dir.resolve("w.json");
    assertThat(run("generate", "--cluster", "scenarios/reference.json", "--dags", "6", "--seed", "9",
        "--out", workload.toString())).isZero();
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", workload.toString(),
        "--seed", "9", "--out", dir.resolve("file").toString(), "--quiet", "--format", "csv")).isZero();
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "6",
        "--seed", "9", "--out", dir.resolve("synthetic").toString(), "--quiet", "--format", "csv")).isZero();
    assertThat(Files.readAllBytes(dir.resolve("file/attempts.csv")))
        .isEqualTo(Files.readAllBytes(dir.resolve("synthetic/attempts.csv")));
  }

  @Test
  void recordedTezHistoryIsDetectedAndReplayed() throws Exception {
    Path history = Path.of(getClass().getResource(
        "/tezhistory/history.txt.appattempt_1795361869420_0001_000001").toURI());
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", history.toString(),
        "--out", dir.toString(), "--quiet", "--format", "console,csv")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("read from Tez simple history").contains("2 DAGs");
    assertThat(Files.readAllLines(dir.resolve("dags.csv"))).hasSize(3);
  }

  @Test
  void protoHistoryIsDetectedAndReplayed() throws Exception {
    Path history = Path.of(getClass().getResource("/tezhistory/proto").toURI());
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", history.toString(),
        "--format", "console", "--quiet")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("read from Tez proto history").contains("4 DAGs");
  }

  @Test
  void aByteOrderMarkBeforeACsvTraceIsNotPartOfItsFirstField() throws Exception {
    // Spreadsheets save CSV with one; read as text it made the first task's name "\uFEFFM1", which
    // the second row, running after task 1, then missed ("line 2: runs after task 1").
    Files.write(dir.resolve("batch_task.csv"), ("\uFEFFM1,3,j_1,1,Terminated,100,130,100,0.5\n"
        + "R2_1,1,j_1,1,Terminated,131,160,100,1.0\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", dir.toString(), "--format",
        "console", "--quiet")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("read Alibaba cluster-trace-v2018");
  }

  @Test
  void idsWithControlCharactersAreWrittenEscapedInTheTextReports() throws IOException {
    // An escape sequence (red text) and a right-to-left override in a DAG id and a queue name.
    Path scenario = Files.writeString(dir.resolve("s.json"), "{\"queues\": [{\"name\": \"default\", \"capacity\": 50},"
        + " {\"name\": \"q\\u0007\", \"capacity\": 50}]}");
    Path workload = Files.writeString(dir.resolve("w.json"), "{\"dags\": [{\"id\": \"q\\u001b[31m1\\u202e\", "
        + "\"queue\": \"q\\u0007\", \"vertices\": [{\"name\": \"v\\r\", \"taskDurationsMs\": [5]}]}]}");
    Path out = dir.resolve("out");
    assertThat(run("run", "--cluster", scenario.toString(), "--workload", workload.toString(), "--format",
        "console,csv", "--out", out.toString(), "--quiet")).as(err.toString()).isZero();

    String dags = Files.readString(out.resolve("dags.csv"));
    String attempts = Files.readString(out.resolve("attempts.csv"));
    assertThat(dags).contains("q\\u001b[31m1\\u202e").contains("q\\u0007");
    assertThat(attempts).contains("v\\u000d");
    for (String text : List.of(dags, attempts, this.out.toString())) {
      assertThat(text).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u202e")
          .doesNotContain("\r");
    }
  }

  @Test
  void clusterTracesAreReadAgainstTheScenarioWithTheRunsSeed() throws Exception {
    Files.writeString(dir.resolve("batch_task.csv"), """
        M1,3,j_1,1,Terminated,100,130,100,0.5
        R2_1,1,j_1,1,Terminated,131,160,100,1.0
        """);
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", dir.toString(), "--seed", "9",
        "--format", "console", "--quiet")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("read Alibaba cluster-trace-v2018").contains("drawn with seed 9")
        .contains("largest simulated node");

    assertThat(runSlsJob("\"job.id\": \"job_1\", \"job.tasks\": [{\"duration.ms\": 5000, \"count\": 4}]"))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("read SLS trace");
  }

  @Test
  void aContainerNoNodeCanHoldIsABadInputErrorNotAnEndlessRun() throws IOException {
    assertThat(runSlsJob("\"job.id\": \"big\", \"job.tasks\": [{\"duration.ms\": 5000, "
        + "\"container.memory-mb\": 999999}]")).isEqualTo(2);
    assertThat(err.toString()).contains("DAG big vertex 'Map 1' asks for containers of 999999 MB and 1 vcores; "
        + "no node of the scenario holds one (largest: 65536 MB, 16 vcores)");
  }

  @Test
  void aQueueTheScenarioLacksIsNamedBeforeTheRunStarts() throws IOException {
    assertThat(runSlsJob("\"job.id\": \"j\", \"job.queue.name\": \"sls_queue_1\", "
        + "\"job.tasks\": [{\"duration.ms\": 5000}]")).isEqualTo(2);
    assertThat(err.toString()).contains("DAG j is submitted to queue 'sls_queue_1', which the scenario does not "
        + "define (queues: [");
  }

  @Test
  void badHistoryRecordStopsTheRunNamingTheLineUnlessSkipped() throws Exception {
    Path history = Path.of(getClass().getResource(
        "/tezhistory/history.txt.appattempt_1795361869420_0001_000001").toURI());
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(history));
    lines.set(lines.size() - 1, "{broken");
    Path bad = Files.write(dir.resolve("history.txt.bad"), lines);

    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", bad.toString(),
        "--workload-format", "tez-simple-history", "--format", "console")).isEqualTo(2);
    assertThat(err.toString()).contains(bad + " line " + lines.size() + ": not valid JSON");

    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", bad.toString(), "--skip-bad",
        "--format", "console", "--quiet")).isZero();
    assertThat(err.toString()).contains("skipped 1 unusable records (--skip-bad)");
  }

  @Test
  void anOutThatIsAFileOrUnderOneIsRefusedBeforeTheRun() throws IOException {
    Path file = Files.writeString(dir.resolve("f"), "x");
    for (Path out : List.of(file, file.resolve("sub"))) {
      assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "4", "--out",
          out.toString(), "--quiet")).isEqualTo(2);
      assertThat(err.toString()).contains("is a file, not a directory");
      assertThat(out.toString()).doesNotContain("makespan");
    }
  }

  @Test
  void aSecondRunIntoTheSameOutReplacesTheReportOnlyWithOverwrite() throws IOException {
    Path out = dir.resolve("out");
    String[] args = {"run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "4", "--out",
        out.toString(), "--quiet", "--format", "json,csv"};
    assertThat(run(args)).as(err.toString()).isZero();
    assertThat(run(args)).isEqualTo(2);
    assertThat(err.toString()).contains("already holds a report").contains("--overwrite");

    List<String> again = new java.util.ArrayList<>(List.of(args));
    again.add("--overwrite");
    again.set(again.indexOf("json,csv"), "json");
    assertThat(run(again.toArray(String[]::new))).as(err.toString()).isZero();
    try (var files = Files.list(out)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("summary.json", "dags.json",
          "scheduler.log");
    }
    try (var siblings = Files.list(dir)) {
      assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("out"); // nothing staged is left
    }
  }

  @Test
  void aDirectoryHoldingOtherFilesIsNeverReplaced() throws IOException {
    Path out = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(out.resolve("notes.txt"), "keep me");
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "4", "--out",
        out.toString(), "--overwrite", "--quiet")).isEqualTo(2);
    assertThat(err.toString()).contains("holds files that are not reports (notes.txt)");
    assertThat(out.resolve("notes.txt")).hasContent("keep me");
  }

  @Test
  void aRunThatCannotEndIsRefusedByItsScenario() throws IOException {
    Path bigAm = Files.writeString(dir.resolve("big-am.json"), "{\"tez\": {\"amMemoryMb\": 999999}}");
    assertThat(run("run", "--cluster", bigAm.toString(), "--synthetic", "--format", "console")).isEqualTo(2);
    assertThat(err.toString()).contains(bigAm.toString()).contains("tez.amMemoryMb is 999999")
        .contains("no AM could start");

    Path allLost = Files.writeString(dir.resolve("all-lost.json"), "{\"racks\": 1, \"nodesPerRack\": 2, "
        + "\"failures\": {\"nodeLosses\": [{\"host\": \"node-000-000\", \"atMs\": 0}, "
        + "{\"host\": \"node-000-001\", \"atMs\": 5000}]}}");
    assertThat(run("run", "--cluster", allLost.toString(), "--synthetic", "--format", "console")).isEqualTo(2);
    assertThat(err.toString()).contains("loses every node of the cluster");
  }

  @Test
  void aStalledRunIsReportedSayingWhatIsStuckAndExitsThree() throws IOException {
    // The only node that holds the job's 8 GB containers is lost at once; the AM fits the other.
    Path cluster = Files.writeString(dir.resolve("c.json"), "{\"nodes\": ["
        + "{\"host\": \"big\", \"rack\": \"/r1\", \"memoryMb\": 65536, \"vcores\": 16}, "
        + "{\"host\": \"small\", \"rack\": \"/r1\", \"memoryMb\": 4096, \"vcores\": 4}], "
        + "\"failures\": {\"nodeLosses\": [{\"host\": \"big\", \"atMs\": 0}]}}");
    Path sls = Files.writeString(dir.resolve("jobs.json"), "{\"job.start.ms\": 1000, \"job.id\": \"j\", "
        + "\"job.tasks\": [{\"duration.ms\": 5000, \"container.memory-mb\": 8192}]}");
    Path out = dir.resolve("out");
    assertThat(run("run", "--cluster", cluster.toString(), "--workload", sls.toString(), "--out", out.toString(),
        "--quiet", "--format", "console,json")).isEqualTo(3);
    assertThat(err.toString()).contains("dagaware stalled: the run hung at")
        .contains("1 task attempts waited for containers").contains("1 of 2 nodes live");
    assertThat(out.resolve("summary.json")).isRegularFile(); // the stalled run's report is written whole
  }

  @Test
  void generateNeverOverwritesItsScenarioAndReplacesAWorkloadOnlyWithOverwrite() throws IOException {
    Path scenario = Files.copy(Path.of("scenarios/reference.json"), dir.resolve("scenario.json"));
    byte[] before = Files.readAllBytes(scenario);
    assertThat(run("generate", "--cluster", scenario.toString(), "--dags", "3", "--out", scenario.toString(),
        "--overwrite")).isEqualTo(2);
    assertThat(err.toString()).contains("is the scenario given with --cluster");
    assertThat(Files.readAllBytes(scenario)).isEqualTo(before);

    Path workload = Files.writeString(dir.resolve("w.json"), "mine");
    assertThat(run("generate", "--cluster", scenario.toString(), "--dags", "3", "--out", workload.toString()))
        .isEqualTo(2);
    assertThat(workload).hasContent("mine");
    assertThat(run("generate", "--cluster", scenario.toString(), "--dags", "3", "--out", workload.toString(),
        "--overwrite")).isZero();
  }

  @Test
  void badSchedulerIsABadInputErrorNamingIt() {
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--scheduler", "fifo",
        "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("unknown scheduler 'fifo'");
  }

  @Test
  void badScenarioFileIsABadInputErrorNamingFileAndField() throws IOException {
    Path cluster = Files.writeString(dir.resolve("c.json"), "{\"yarn\": {\"heartbeat\": 1}}");
    assertThat(run("run", "--cluster", cluster.toString(), "--synthetic", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).contains(cluster.toString()).contains("unknown field 'heartbeat'");
  }

  @Test
  void missingWorkloadChoiceIsAUsageError() {
    assertThat(run("run", "--cluster", "scenarios/reference.json")).isEqualTo(2);
    assertThat(err.toString()).contains("--workload").contains("--synthetic");
  }

  @Test
  void reportsNeedAnOutputDirectory() {
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic")).isEqualTo(2);
    assertThat(err.toString()).contains("--out DIR is needed");
  }

  @Test
  void schedulerWarningsGoToALogFileAndTheConsoleGetsACount() throws IOException {
    // A busy session: DagAware warns when a held container is too small for a waiting request.
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags", "40", "--sessions", "2",
        "--seed", "3", "--scheduler", "a=dagaware,b=dagaware", "--out", dir.toString(), "--quiet")).isZero();

    assertThat(out.toString() + err.toString()).doesNotContain("WARN");
    assertThat(out.toString()).containsPattern("scheduler log: [0-9,]+ warnings \\(a [0-9,]+, b [0-9,]+\\) in .*"
        + SchedulerLog.FILE);
    // where the log is once the reports are in place, not the staging directory it was written in
    assertThat(out.toString()).contains(" in " + dir.resolve(SchedulerLog.FILE).toAbsolutePath().normalize() + "\n")
        .doesNotContain(".partial-");
    assertThat(Files.readString(dir.resolve(SchedulerLog.FILE))).contains("WARN  [run a] DagAwareYarnTaskScheduler")
        .contains("WARN  [run b] DagAwareYarnTaskScheduler");
  }

  @Test
  void withSkipBadABadDagOfAWorkloadFileIsSkippedAndTheRestReplayed() throws IOException {
    Path workload = dir.resolve("w.json");
    assertThat(run("generate", "--cluster", "scenarios/reference.json", "--dags", "3", "--out",
        workload.toString())).isZero();
    String broken = Files.readString(workload).replaceFirst("\"memoryMb\" : [0-9]+", "\"memoryMb\" : -1");
    Files.writeString(workload, broken);

    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", workload.toString(),
        "--format", "console", "--quiet")).isEqualTo(2);
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", workload.toString(), "--skip-bad",
        "--format", "console", "--quiet")).isZero();
    assertThat(err.toString()).contains("skipped 1 unusable records (--skip-bad)")
        .contains("at dags[0].vertices[0].memoryMb: memoryMb must be positive, was -1");
    assertThat(out.toString()).containsPattern("DAGs +2");
  }

  @Test
  void calibrateWritesAScenarioThatRunReplaysOtherHistoryOn() throws Exception {
    Path proto = Path.of(getClass().getResource("/tezhistory/proto").toURI());
    Path simple = Path.of(getClass().getResource(
        "/tezhistory/history.txt.appattempt_1795361869420_0001_000001").toURI());
    Path scenario = dir.resolve("calibrated.json");

    assertThat(run("calibrate", "--workload", proto.toString(), "--out", scenario.toString())).as(err.toString())
        .isZero();
    String written = Files.readString(scenario);
    assertThat(written).contains("measured: tez.containerLaunchMs").contains("SUPPLY their memoryMb and vcores")
        .contains("\"coldTaskPenaltyMs\" : ").contains("tez.am.container.idle.release-timeout-min.millis");
    assertThat(run("run", "--cluster", scenario.toString(), "--workload", simple.toString(), "--calibrate", "off",
        "--format", "console", "--quiet")).as(err.toString()).isZero();
    assertThat(out.toString()).doesNotContain("calibrated from the history");
    assertThat(run("run", "--cluster", "scenarios/reference.json", "--workload", simple.toString(),
        "--format", "console", "--quiet")).isZero();
    assertThat(out.toString()).contains("calibrated from the history (--calibrate off to keep the scenario's): "
        + "tez.containerLaunchMs");
  }

  @Test
  void settingsListsEveryScenarioSettingWithItsDefault() {
    assertThat(run("settings")).isZero();
    assertThat(out.toString()).contains("tez.containerLaunchMs").contains("default 1500")
        .contains("yarn.nodeLocalityDelay");
  }

  @Test
  void helpTextsListTheRegistries() {
    assertThat(run("run", "--help")).isZero();
    assertThat(out.toString().replaceAll("\\s+", " ")).contains("auto, tez-ats-zip, tez-proto-history, alibaba-2018, tez-simple-history, "
        + "sls, tezext").contains("console, json, csv, html").contains("schedulers (dagaware, tezext, or class");
  }

  @Test
  void schedulersListsTheRegistry() {
    assertThat(run("schedulers")).isZero();
    assertThat(out.toString()).contains("dagaware").contains("DagAwareYarnTaskScheduler");
  }

  private static JsonNode withoutHostFigures(Path summary) throws IOException {
    JsonNode root = new ObjectMapper().readTree(summary.toFile());
    for (JsonNode s : root.get("schedulers")) {
      for (String key : RunFigures.HOST_MEASURED) {
        ((ObjectNode) s.get("figures")).remove(key);
        ((ObjectNode) s.get("ratios_to_baseline")).remove(key);
      }
    }
    return root;
  }
}
