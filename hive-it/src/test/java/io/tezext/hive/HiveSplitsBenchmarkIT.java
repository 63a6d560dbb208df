package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.testkit.TezTestCluster;
import io.tezext.testkit.fs.ConfiguredLatencyFileSystem;
import io.tezext.testkit.fs.LatencyFileSystem;

/**
 * {@code bench/run hive-splits}: split generation and reading in real Hive 4.1.0 queries on a
 * partitioned ORC table of {@value #FILES} small files whose every request costs
 * {@value #LATENCY_MS} ms (the test kit's latency file system, in the AM and the tasks as well), as
 * an object store's would. Split generation is timed in the AM (from Tez's log lines for the map
 * vertex's initializer), for Hive's HYBRID default (which picks BI for this many small files),
 * Hive's ETL and route B; a selective query (one file's rows) is timed end to end under each; a
 * full scan's reading is the map vertex's running time, under Hive's default reading, Tez's async
 * mode and route A, and each row's file is checked (INPUT__FILE__NAME) against the files' own row
 * counts. One session, one AM: each planner's caches are warm for its second query, as in a user's
 * session. Not part of {@code mvn verify}; the last line of target/hive-splits.txt is the JSON.
 */
class HiveSplitsBenchmarkIT {
  static final int PARTITIONS = 20;
  static final int FILES_PER_PARTITION = 100;
  static final int FILES = PARTITIONS * FILES_PER_PARTITION;
  static final int ROWS_PER_FILE = 4_000;
  static final long LATENCY_MS = 20;
  static final String ROUTE_B = HiveRoutesIT.ROUTE_B;
  static final String ROUTE_A = HiveRoutesIT.ROUTE_A;
  static final String COLUMNS = "(id BIGINT, label STRING) PARTITIONED BY (part INT)";

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  private HiveOnTez hive;
  private final List<String> seenInitializers = new ArrayList<>();

  @Test
  void measure() throws Exception {
    Path local = CLUSTER.newDirectory("bench-table");
    writeTable(local);
    String location = LatencyFileSystem.path("bench", local).toString();
    String jars = List.of("tezext.jar", "tezext.hive.jar").stream()
        .map(p -> Path.of(System.getProperty(p)).toAbsolutePath().toUri().toString()).collect(Collectors.joining(","));
    Map<String, String> settings = new HashMap<>();
    settings.put("hive.aux.jars.path", jars);
    settings.put("tez.aux.uris", jars);
    settings.put("hive.compute.query.using.stats", "false");
    settings.put("hive.tez.dynamic.partition.pruning", "false");
    Configuration latency = new Configuration(false);
    ConfiguredLatencyFileSystem.configure(latency, LATENCY_MS);
    latency.forEach(e -> settings.put(e.getKey(), e.getValue()));
    Map<String, Object> json = new LinkedHashMap<>();
    try (HiveOnTez session = HiveOnTez.open(CLUSTER, CLUSTER.newDirectory("hive"), settings)) {
      hive = session;
      String partitions = java.util.stream.IntStream.range(0, PARTITIONS).mapToObj(p -> "PARTITION (part=" + p + ")")
          .collect(Collectors.joining(" "));
      hive.run("CREATE DATABASE bench LOCATION '" + CLUSTER.newDirectory("bench.db").toUri() + "'", "USE bench",
          "CREATE EXTERNAL TABLE hive_orc " + COLUMNS + " STORED AS ORC LOCATION '" + location + "'",
          "ALTER TABLE hive_orc ADD " + partitions,
          "CREATE EXTERNAL TABLE tezext_orc " + COLUMNS + " " + HiveRoutesIT.STORED_AS_ROUTE_B + " LOCATION '"
              + location + "'",
          "ALTER TABLE tezext_orc ADD " + partitions);
      long total = (long) FILES * ROWS_PER_FILE;
      String fullAnswer = total + "\t" + (total * (total - 1) / 2);
      long first = 1_234L * ROWS_PER_FILE + 17; // rows of one file (file 1234), its one stripe
      long last = first + 99;
      String selective = " WHERE id BETWEEN " + first + " AND " + last;
      String selectiveAnswer = "100\t" + (first + last) * 50;

      hive.run("SET hive.exec.orc.split.strategy=HYBRID");
      Run hybrid = run("SELECT count(*), sum(id) FROM hive_orc", fullAnswer);
      Run hybridSelective = run("SELECT count(*), sum(id) FROM hive_orc" + selective, selectiveAnswer);
      hive.run("SET hive.exec.orc.split.strategy=ETL");
      Run etl = run("SELECT count(*), sum(id) FROM hive_orc", fullAnswer);
      Run etlSelective = run("SELECT count(*), sum(id) FROM hive_orc" + selective, selectiveAnswer);
      hive.run("SET hive.exec.orc.split.strategy=HYBRID");
      Run routeB = run("SELECT count(*), sum(id) FROM tezext_orc", fullAnswer);
      Run routeBSelective = run("SELECT count(*), sum(id) FROM tezext_orc" + selective, selectiveAnswer);

      hive.run("SET tez.grouping.split.init.recordreaders=10", "SET tez.grouping.split.init.threads=10");
      Run tezAsync = run("SELECT count(*), sum(id) FROM hive_orc", fullAnswer);
      long tezAsyncWrong = misattributed(local);
      hive.run("SET tez.grouping.split.init.recordreaders=1");
      hive.run("SET hive.tez.input.format=" + ROUTE_A, "SET tezext.reader.open-ahead=10",
          "SET tezext.reader.open-threads=10");
      Run routeA = run("SELECT count(*), sum(id) FROM hive_orc", fullAnswer);
      long routeAWrong = misattributed(local);
      hive.run("SET hive.tez.input.format=org.apache.hadoop.hive.ql.io.HiveInputFormat");

      json.put("benchmark", "hive-splits");
      json.put("machine", "shared: 2 cores, other engineers' builds running; one MiniTezCluster (2 NodeManagers)");
      json.put("files", FILES);
      json.put("partitions", PARTITIONS);
      json.put("rows", total);
      json.put("latency_ms", LATENCY_MS);
      json.put("hive_hybrid_split_s", hybrid.splitS);
      json.put("hive_etl_split_s", etl.splitS);
      json.put("route_b_split_s", routeB.splitS);
      json.put("route_b_vs_hive_etl_split", ratio(etl.splitS, routeB.splitS));
      json.put("route_b_vs_hive_hybrid_split", ratio(hybrid.splitS, routeB.splitS));
      json.put("hive_hybrid_selective_query_s", hybridSelective.queryS);
      json.put("hive_etl_selective_query_s", etlSelective.queryS);
      json.put("route_b_selective_query_s", routeBSelective.queryS);
      json.put("hive_default_scan_read_s", hybrid.readS);
      json.put("tez_async_scan_read_s", tezAsync.readS);
      json.put("route_a_scan_read_s", routeA.readS);
      json.put("route_b_scan_read_s", routeB.readS);
      json.put("route_a_vs_hive_default_read", ratio(hybrid.readS, routeA.readS));
      json.put("route_a_vs_tez_async_read", ratio(tezAsync.readS, routeA.readS));
      json.put("route_a_misattributed_rows", routeAWrong);
      json.put("tez_async_misattributed_rows", tezAsyncWrong);
      Map<String, Boolean> goals = new LinkedHashMap<>();
      goals.put("route_b_split_at_least_1.5x_faster_than_hive_etl", etl.splitS >= 1.5 * routeB.splitS);
      goals.put("route_b_selective_query_faster_than_hybrid_and_etl",
          routeBSelective.queryS < hybridSelective.queryS && routeBSelective.queryS < etlSelective.queryS);
      goals.put("route_a_read_at_least_3x_faster_than_hive_default", hybrid.readS >= 3 * routeA.readS);
      goals.put("route_a_read_not_slower_than_tez_async", routeA.readS <= tezAsync.readS);
      goals.put("route_a_every_row_attributed_correctly", routeAWrong == 0);
      json.put("goals", goals);
    }
    String line = new ObjectMapper().writeValueAsString(json);
    Path out = Path.of(System.getProperty("tezext.root", ".")).resolve("hive-it/target/hive-splits.txt");
    Files.writeString(out, "Hive on Tez, split generation and reading (" + FILES + " files at " + LATENCY_MS
        + " ms a request)\n" + line + "\n", StandardCharsets.UTF_8);
    System.out.println(line);
    assertThat(json.get("route_a_misattributed_rows")).as("rows route A attributed to another file").isEqualTo(0L);
  }

  /** A query's time (client), its map vertex's split generation and running time (AM), in seconds. */
  private record Run(double queryS, double splitS, double readS) {
  }

  private Run run(String sql, String answer) throws Exception {
    long start = System.nanoTime();
    List<List<String>> rows = hive.query(sql);
    double queryS = (System.nanoTime() - start) / 1e9;
    assertThat(rows.stream().map(r -> String.join("\t", r)).toList()).as(sql).containsExactly(answer);
    String log = CLUSTER.amLog(hive.amApplicationId());
    double splitS = 0;
    for (Map.Entry<String, Double> init : between(log, "Starting InputInitializer for Input: \\S+ on vertex (\\S+)",
        "Succeeded InputInitializer for Input: \\S+ on vertex (\\S+)").entrySet()) {
      if (!seenInitializers.contains(init.getKey())) {
        seenInitializers.add(init.getKey());
        splitS = Math.max(splitS, init.getValue());
      }
    }
    double readS = 0;
    Map<String, Double> running = between(log, "(vertex_\\S+ \\[Map 1\\]) transitioned from \\w+ to RUNNING",
        "(vertex_\\S+ \\[Map 1\\]) transitioned from RUNNING to SUCCEEDED");
    for (Map.Entry<String, Double> vertex : running.entrySet()) {
      if (!seenInitializers.contains("read " + vertex.getKey())) {
        seenInitializers.add("read " + vertex.getKey());
        readS = vertex.getValue();
      }
    }
    System.out.printf(Locale.ROOT, "%s: query %.2f s, split generation %.2f s, map vertex running %.2f s%n", sql,
        queryS, splitS, readS);
    return new Run(round(queryS), round(splitS), round(readS));
  }

  private static final Pattern STAMP = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3})");

  /** Seconds from each line matching {@code from} to the line matching {@code to} with the same key (group 1). */
  private static Map<String, Double> between(String log, String from, String to) {
    Map<String, LocalDateTime> started = new HashMap<>();
    Map<String, Double> seconds = new LinkedHashMap<>();
    Pattern f = Pattern.compile(from);
    Pattern t = Pattern.compile(to);
    DateTimeFormatter format = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
    for (String line : log.split("\n")) {
      Matcher stamp = STAMP.matcher(line);
      if (!stamp.find()) {
        continue;
      }
      Matcher m = f.matcher(line);
      if (m.find()) {
        started.put(m.group(1), LocalDateTime.parse(stamp.group(1), format));
      }
      m = t.matcher(line);
      if (m.find() && started.containsKey(m.group(1))) {
        seconds.put(m.group(1), java.time.Duration.between(started.get(m.group(1)),
            LocalDateTime.parse(stamp.group(1), format)).toMillis() / 1000.0);
      }
    }
    return seconds;
  }

  /** Rows Hive attributed to another file than their own (INPUT__FILE__NAME against each file's rows). */
  private long misattributed(Path local) throws Exception {
    Map<String, Long> counted = new HashMap<>();
    for (List<String> g : hive.query("SELECT INPUT__FILE__NAME, part, count(*), min(id), max(id) FROM hive_orc "
        + "GROUP BY INPUT__FILE__NAME, part")) {
      // A file's ids are its own run: a group whose ids span another file's, or whose partition is not its
      // file's, holds rows of another file.
      String file = g.get(0).substring(g.get(0).lastIndexOf('/') + 1);
      int index = Integer.parseInt(file.substring(0, file.indexOf('.')));
      boolean own = g.get(0).contains("/part=" + g.get(1) + "/")
          && Long.parseLong(g.get(3)) >= (long) index * ROWS_PER_FILE
          && Long.parseLong(g.get(4)) < (long) (index + 1) * ROWS_PER_FILE;
      if (own) {
        counted.merge(file, Long.parseLong(g.get(2)), Long::sum);
      }
    }
    long wrong = 0;
    for (int i = 0; i < FILES; i++) {
      wrong += Math.max(0, ROWS_PER_FILE - counted.getOrDefault(String.format(Locale.ROOT, "%05d.orc", i), 0L));
    }
    return wrong;
  }

  /** {@value #FILES} files of one stripe each, ids {@code [i * rows, (i + 1) * rows)} in file i. */
  private static void writeTable(Path dir) throws IOException {
    TypeDescription schema = TypeDescription.fromString("struct<id:bigint,label:string>");
    Configuration conf = new Configuration(false);
    for (int i = 0; i < FILES; i++) {
      Path file = Files.createDirectories(dir.resolve("part=" + i / FILES_PER_PARTITION))
          .resolve(String.format(Locale.ROOT, "%05d.orc", i));
      try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()),
          OrcFile.writerOptions(conf).setSchema(schema).compress(CompressionKind.ZLIB).rowIndexStride(1_000))) {
        VectorizedRowBatch batch = schema.createRowBatch(1_000);
        for (int r = 0; r < ROWS_PER_FILE; r++) {
          int row = batch.size++;
          long id = (long) i * ROWS_PER_FILE + r;
          ((LongColumnVector) batch.cols[0]).vector[row] = id;
          ((BytesColumnVector) batch.cols[1]).setVal(row,
              ("label-" + Long.toHexString(id * 0x9E3779B97F4A7C15L)).getBytes(StandardCharsets.UTF_8));
          if (batch.size == batch.getMaxSize()) {
            w.addRowBatch(batch);
            batch.reset();
          }
        }
      }
    }
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }

  private static double ratio(double baseline, double ours) {
    return ours <= 0 ? 0 : Math.round(baseline / ours * 100) / 100.0;
  }
}
