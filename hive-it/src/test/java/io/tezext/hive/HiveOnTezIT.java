package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.testkit.TezTestCluster;

/**
 * Real Hive 4.1.0 queries on a real Tez-on-YARN cluster, on a star schema stored as ORC: under Tez's
 * own scheduler, and under ours installed as docs/install.md tells a Hive user (the jar on
 * {@code tez.aux.uris}, the class in {@code tez.am.yarn.scheduler.class} when the session starts,
 * the locality mode {@code SET} per query). Every answer is checked against the one computed from
 * the generated rows; the AM's log shows which scheduler placed the tasks. The sessions record Tez
 * history (proto history under Tez's scheduler, as Hive deployments have it; simple history under
 * ours) for the simulator.
 */
class HiveOnTezIT {
  static final String SCHEDULER_CLASS = "io.tezext.scheduler.tez.TezextTaskScheduler";
  static final List<String> LOCALITY_MODES = List.of("strict", "delay", "relaxed", "auto");

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  private static StarSchema data;
  private static Path hiveDir;

  @BeforeAll
  static void loadTheStarSchema() throws Exception {
    data = new StarSchema(2026);
    hiveDir = CLUSTER.newDirectory("hive");
    Path text = CLUSTER.newDirectory("star-text");
    data.writeText(text, 6);
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, Map.of())) {
      StarLoad.load(hive, text);
    }
    try (Stream<Path> files = Files.walk(hiveDir.resolve("warehouse/store_sales"))) {
      Map<String, Long> filesByPartition = files.filter(f -> Files.isRegularFile(f)
          && !f.getFileName().toString().startsWith(".")).collect(Collectors.groupingBy(
              f -> f.getParent().getFileName().toString(), TreeMap::new, Collectors.counting()));
      assertThat(filesByPartition).as("the fact table's ORC files by partition")
          .containsOnlyKeys("ss_month=1", "ss_month=2", "ss_month=3")
          .allSatisfy((partition, count) -> assertThat(count).isEqualTo(StarLoad.FACT_INSERTS));
    }
  }

  @Test
  void tezsOwnSchedulerAnswersEveryQuery() throws Exception {
    Path history = CLUSTER.newDirectory("hive-proto-history");
    Map<String, String> settings = Map.of(
        "tez.history.logging.service.class", "org.apache.tez.dag.history.logging.proto.ProtoHistoryLoggingService",
        "tez.history.logging.proto-base-dir", history.toUri().toString());
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, settings)) {
      for (StarQueries.Query q : StarQueries.ALL) {
        for (String setting : q.settings()) {
          hive.run(setting);
        }
        String plan = String.join("\n", hive.query("EXPLAIN " + q.sql()).stream().map(r -> String.join("\t", r))
            .toList());
        assertThat(plan).as("%s's plan", q.name()).contains(q.planMust());
        if (q == StarQueries.MULTI_STAGE) {
          assertThat(vertices(plan)).as("the multi-stage DAG's vertices").hasSizeGreaterThanOrEqualTo(6);
        }
        run(hive, q);
      }
    }
    System.out.println("Hive's proto history (Tez's scheduler): " + history);
  }

  @Test
  void oursInstalledThroughAuxUrisAnswersEveryQueryAndSchedulesInEveryLocalityMode() throws Exception {
    assertThatThrownBy(() -> Class.forName(SCHEDULER_CLASS))
        .as("the scheduler on the test class path, which the AM inherits: the test would prove nothing")
        .isInstanceOf(ClassNotFoundException.class);
    Path jar = Path.of(System.getProperty("tezext.jar", "target/missing.jar")).toAbsolutePath();
    assertThat(jar).as("the packaged plugin jar (dist, built before this module)").isRegularFile();
    Path history = CLUSTER.newDirectory("hive-simple-history");
    Map<String, String> settings = new HashMap<>();
    // MiniTezCluster runs on the local file system: a file: URI is what hdfs:///apps/... is on a cluster.
    settings.put("tez.aux.uris", jar.toUri().toString());
    settings.put("tez.am.yarn.scheduler.class", SCHEDULER_CLASS);
    settings.put("tez.history.logging.service.class",
        "org.apache.tez.dag.history.logging.impl.SimpleHistoryLoggingService");
    settings.put("tez.simple.history.logging.dir", history.toUri().toString());
    ApplicationId am;
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, settings)) {
      // Each query once, the modes taken in turn (6 queries, 4 modes: every mode schedules a real Hive
      // DAG); every query under every mode would add 18 queries, about four minutes of CI, and no new path.
      for (int i = 0; i < StarQueries.ALL.size(); i++) {
        String mode = LOCALITY_MODES.get(i % LOCALITY_MODES.size());
        hive.run("SET tezext.scheduler.locality.mode=" + mode); // a DAG key: each query's DAG reads it
        run(hive, StarQueries.ALL.get(i));
      }
      am = hive.amApplicationId();
    }
    String amLog = CLUSTER.amLog(am);
    assertThat(amLog).as("the AM log of %s", am).contains("Creating YARN TaskScheduler: " + SCHEDULER_CLASS)
        .contains("tezext scheduler: reuse on");
    for (String mode : LOCALITY_MODES) {
      assertThat(amLog).as("a DAG scheduled in locality mode %s", mode).containsPattern(
          "tezext scheduler: DAG \\d+ \\(.*\\): locality " + mode + ","); // Hive's DAG names hold parentheses
    }
    System.out.println("Hive's simple history (ours): " + history);
  }

  private static void run(HiveOnTez hive, StarQueries.Query q) throws Exception {
    for (String setting : q.settings()) {
      hive.run(setting);
    }
    q.check(hive.query(q.sql()), data);
  }

  /** The vertices an EXPLAIN names (Map 1, Reducer 2, ...; a Union is a group of them, not one). */
  private static Set<String> vertices(String plan) {
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("\\b(Map|Reducer) \\d+\\b").matcher(plan);
    while (m.find()) {
      names.add(m.group());
    }
    return names;
  }
}
