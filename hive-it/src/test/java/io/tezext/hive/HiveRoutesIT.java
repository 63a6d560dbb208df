package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.testkit.TezTestCluster;
import io.tezext.testkit.orc.FutureOrcVersion;
import io.tezext.testkit.s3.S3Server;

/**
 * tezext's split generation and ordered reader in real Hive 4.1.0 queries, installed by
 * configuration alone as docs/hive.md installs them: the tezext and tezext-hive jars on
 * {@code hive.aux.jars.path} (the session compiles with them, as HiveServer2 does) and on
 * {@code tez.aux.uris} (the AM and tasks), never on the test's class path, which the cluster's
 * containers inherit. One session reads the star schema's fact table (a) on Hive's own ORC format,
 * (b) moved with all its partitions to route B ({@code TezextOrcInputFormat}) and (c) back, under
 * route A ({@code hive.tez.input.format}); every answer is checked against one computed from the
 * rows, every row's file and partition against the files' own row counts. Then bad input, and a
 * copy of the table on an S3-API server read through S3A.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HiveRoutesIT {
  static final String ROUTE_B = "io.tezext.hive.splits.TezextOrcInputFormat";
  static final String ROUTE_A = "io.tezext.hive.ordered.TezextHiveInputFormat";
  static final String HIVES_ORC = "org.apache.hadoop.hive.ql.io.orc.OrcInputFormat";
  static final String SPLITS = "tezext split generation";
  static final String READER = "tezext reader";
  static final String STORED_AS_ROUTE_B = "ROW FORMAT SERDE 'org.apache.hadoop.hive.ql.io.orc.OrcSerde' "
      + "STORED AS INPUTFORMAT '" + ROUTE_B + "' OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat'";
  /** A join on the partition column with a filter on the dimension: Hive prunes store_sales at run time. */
  static final String PRUNED = "SELECT count(*), sum(ss_quantity) FROM store_sales JOIN date_dim "
      + "ON ss_month = d_moy WHERE d_date = '2024-02-10'";

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  private static StarSchema data;
  private static S3Server s3;
  private static HiveOnTez hive;
  private static Path database;

  @BeforeAll
  static void openASessionWithTheJarsAndLoadTheStarSchema() throws Exception {
    for (String name : List.of(ROUTE_A, ROUTE_B, "io.tezext.splitgen.split.StripeSplitGenerator")) {
      assertThatThrownBy(() -> Class.forName(name)).as("%s on the test class path, which the containers inherit",
          name).isInstanceOf(ClassNotFoundException.class);
    }
    String jars = List.of("tezext.jar", "tezext.hive.jar").stream().map(p -> {
      Path jar = Path.of(System.getProperty(p, "target/missing.jar")).toAbsolutePath();
      assertThat(jar).as("the packaged jar (built before this module)").isRegularFile();
      return jar.toUri().toString();
    }).collect(Collectors.joining(","));
    s3 = S3Server.start(CLUSTER.newDirectory("s3"));
    Map<String, String> settings = new HashMap<>();
    settings.put("hive.aux.jars.path", jars); // HiveServer2: compiling, and the jars localized for the session
    settings.put("tez.aux.uris", jars); // the AM and the tasks
    settings.put("hive.compute.query.using.stats", "false"); // count(*) reads the rows
    Configuration s3a = new Configuration(false);
    s3.configure(s3a);
    // Hive strips fs.s3a.access.key and .secret.key (hive.conf.hidden.list) from what it sends the AM and
    // tasks, which take credentials from their own core-site, a credential provider or an instance role;
    // here they go as the bucket's own keys, which it sends.
    for (String key : List.of("access.key", "secret.key")) {
      s3a.set("fs.s3a.bucket.warehouse." + key, s3a.get("fs.s3a." + key));
      s3a.unset("fs.s3a." + key);
    }
    s3a.forEach(e -> settings.put(e.getKey(), e.getValue()));
    hive = HiveOnTez.open(CLUSTER, CLUSTER.newDirectory("hive"), settings);
    database = CLUSTER.newDirectory("routes.db");
    hive.run("CREATE DATABASE routes LOCATION '" + database.toUri() + "'", "USE routes");
    data = new StarSchema(2026);
    Path text = CLUSTER.newDirectory("star-text");
    data.writeText(text, 6);
    StarLoad.load(hive, text);
  }

  @AfterAll
  static void closeTheSession() throws Exception {
    if (hive != null) {
      hive.close();
    }
    if (s3 != null) {
      s3.close();
    }
  }

  @Test
  @Order(1)
  void hivesOwnFormatAnswersEveryQueryAndTezsAsyncModeMisattributesRows() throws Exception {
    for (StarQueries.Query q : StarQueries.ALL) {
      run(q);
    }
    assertThat(misattributed(rowsByFile())).as("rows under another file's name, Hive's own reading").isZero();
    hive.run("SET tez.grouping.split.init.recordreaders=4", "SET tez.grouping.split.init.threads=4");
    try {
      assertThat(misattributedRows()).as("rows under another file's name, Tez's async mode").isPositive();
    } finally {
      hive.run("SET tez.grouping.split.init.recordreaders=1");
    }
  }

  @Test
  @Order(2)
  void routeBAnswersEveryQueryReadsVectorizedAndHivePrunesItsPartitions() throws Exception {
    switchTo("TEZEXT");
    assertThat(inputFormats()).as("the table's and each partition's input format").containsOnly(ROUTE_B).hasSize(4);
    for (StarQueries.Query q : StarQueries.ALL) {
      HiveOnTez.Answer answer = run(q);
      assertThat(answer.counter(SPLITS, "FILES")).as("%s: files tezext planned", q.name())
          .isEqualTo(3L * StarLoad.FACT_INSERTS);
    }
    String plan = plan("EXPLAIN VECTORIZATION " + StarQueries.SCAN_FILTER_AGGREGATE.sql());
    assertThat(plan).contains("inputFileFormats: " + ROUTE_B).contains("Execution mode: vectorized");

    assertThat(plan("EXPLAIN " + PRUNED)).contains("Dynamic Partitioning Event Operator");
    HiveOnTez.Answer pruned = hive.queryCounted(PRUNED);
    long february = data.sales.stream().filter(s -> data.day(s.dateSk()).month() == 2).count();
    long quantity = data.sales.stream().filter(s -> data.day(s.dateSk()).month() == 2)
        .mapToLong(StarSchema.Sale::quantity).sum();
    assertThat(pruned.rows()).containsExactly(List.of(Long.toString(february), Long.toString(quantity)));
    assertThat(pruned.counter(SPLITS, "FILES")).as("files of the one partition left after pruning")
        .isEqualTo(StarLoad.FACT_INSERTS);
  }

  @Test
  @Order(3)
  void routeAAnswersEveryQueryKeepsEveryRowsFileAndPartitionAndRefusesPruning() throws Exception {
    switchTo("HIVE");
    assertThat(inputFormats()).as("back on Hive's format").containsOnly(HIVES_ORC).hasSize(4);
    hive.run("SET hive.tez.input.format=" + ROUTE_A, "SET hive.tez.dynamic.partition.pruning=false");
    try {
      for (StarQueries.Query q : StarQueries.ALL) {
        HiveOnTez.Answer answer = run(q);
        assertThat(answer.counter(READER, "SPLITS_READ")).as("%s: splits read in order", q.name()).isPositive();
      }
      assertThat(misattributedRows()).as("rows under another file's name, route A").isZero();
      hive.run("SET hive.tez.dynamic.partition.pruning=true");
      assertThatThrownBy(() -> hive.query(PRUNED)).as("a plan with dynamic partition pruning under route A")
          .hasMessageContaining("hive.tez.dynamic.partition.pruning");
    } finally {
      hive.run("SET hive.tez.input.format=org.apache.hadoop.hive.ql.io.HiveInputFormat",
          "SET hive.tez.dynamic.partition.pruning=true");
    }
  }

  @Test
  @Order(4)
  void badInputIsNamedInTheQuerysErrorOrCountedInItsCounters() throws Exception {
    hive.run("CREATE TABLE bad (id INT, v STRING) PARTITIONED BY (p INT) " + STORED_AS_ROUTE_B,
        "INSERT INTO bad PARTITION (p=1) VALUES (1, 'a'), (2, 'b')");
    Path p1 = database.resolve("bad/p=1");
    Path notes = Files.writeString(p1.resolve("notes.txt"), "a text file left among the ORC files");
    assertThatThrownBy(() -> hive.query("SELECT count(*) FROM bad")).hasMessageContaining("routes.bad: ")
        .hasMessageContaining("p=1/notes.txt: not a readable ORC file");
    hive.run("SET tezext.split.skip-bad-files=true");
    HiveOnTez.Answer skipped = hive.queryCounted("SELECT count(*) FROM bad");
    hive.run("SET tezext.split.skip-bad-files=false");
    assertThat(skipped.rows()).containsExactly(List.of("2"));
    assertThat(skipped.counter(SPLITS, "FILES_SKIPPED")).isEqualTo(1);
    Files.delete(notes);

    hive.run("ALTER TABLE bad ADD PARTITION (p=2)");
    Path future = Files.createDirectories(database.resolve("bad/p=2")).resolve("000000_0");
    try (Stream<Path> files = Files.list(p1)) {
      Files.copy(files.filter(f -> !f.getFileName().toString().startsWith(".")).findFirst().orElseThrow(), future,
          StandardCopyOption.REPLACE_EXISTING);
    }
    FutureOrcVersion.rewrite(future, 9, 0);
    assertThatThrownBy(() -> hive.query("SELECT count(*) FROM bad")).hasMessageContaining("p=2/000000_0: not a "
        + "readable ORC file").hasMessageContaining("written by a future ORC version 9.0");
    hive.run("ALTER TABLE bad DROP PARTITION (p=2)");

    hive.run("ALTER TABLE bad ADD COLUMNS (w INT)", "INSERT INTO bad PARTITION (p=3) VALUES (3, 'c', 7)");
    HiveOnTez.Answer noted = hive.queryCounted("SELECT count(*) FROM bad WHERE w = 7");
    assertThat(noted.rows()).containsExactly(List.of("1"));
    assertThat(noted.counter(SPLITS, "PREDICATE_COLUMNS_MISSING_FROM_SOME_FILES")).as("w, which p=1's file lacks")
        .isEqualTo(1);
  }

  @Test
  @Order(5)
  void aTableOnAnS3ApiServerIsReadThroughS3AOnBothRoutes() throws Exception {
    Path bucket = s3.bucket("warehouse");
    for (Path file : rowsByFile().keySet().stream().map(f -> Path.of(java.net.URI.create(f))).toList()) {
      Path object = bucket.resolve("store_sales").resolve(file.getParent().getFileName()).resolve(file.getFileName());
      Files.createDirectories(object.getParent());
      Files.copy(file, object);
    }
    hive.run("CREATE EXTERNAL TABLE s3_sales (ss_sold_date_sk INT, ss_item_sk INT, ss_store_sk INT, "
        + "ss_customer_sk INT, ss_quantity INT, ss_sales_price DECIMAL(7,2)) PARTITIONED BY (ss_month INT) "
        + STORED_AS_ROUTE_B + " LOCATION 's3a://warehouse/store_sales'",
        "ALTER TABLE s3_sales ADD PARTITION (ss_month=1) PARTITION (ss_month=2) PARTITION (ss_month=3)");
    StarQueries.Query scan = StarQueries.SCAN_FILTER_AGGREGATE;
    String sql = scan.sql().replace("store_sales", "s3_sales");
    HiveOnTez.Answer routeB = hive.queryCounted(sql);
    scan.check(routeB.rows(), data);
    assertThat(routeB.counter(SPLITS, "FILES")).isEqualTo(3L * StarLoad.FACT_INSERTS);
    hive.run("SET hive.tez.input.format=" + ROUTE_A, "SET hive.tez.dynamic.partition.pruning=false");
    try {
      HiveOnTez.Answer routeA = hive.queryCounted(sql);
      scan.check(routeA.rows(), data);
      assertThat(routeA.counter(READER, "SPLITS_READ")).isEqualTo(routeA.counter(SPLITS, "SPLITS")).isPositive();
    } finally {
      hive.run("SET hive.tez.input.format=org.apache.hadoop.hive.ql.io.HiveInputFormat",
          "SET hive.tez.dynamic.partition.pruning=true");
    }
  }

  private static HiveOnTez.Answer run(StarQueries.Query q) throws Exception {
    for (String setting : q.settings()) {
      hive.run(setting);
    }
    HiveOnTez.Answer answer = hive.queryCounted(q.sql());
    q.check(answer.rows(), data);
    return answer;
  }

  private static String plan(String explain) throws Exception {
    return hive.query(explain).stream().map(r -> String.join("\t", r)).collect(Collectors.joining("\n"));
  }

  /** Moves store_sales and its partitions with the statements bin/tezext-hive-route prints. */
  @SuppressWarnings("unchecked")
  private static void switchTo(String route) throws Exception {
    List<String> partitions = hive.query("SHOW PARTITIONS store_sales").stream().map(r -> r.get(0)).toList();
    // From the jar on hive.aux.jars.path, through the session's class loader, as HiveServer2 would load it.
    Class<?> statements = Class.forName("io.tezext.hive.route.RouteStatements", true, hive.classLoader());
    Class<? extends Enum> routes = (Class<? extends Enum>) Class.forName(statements.getName() + "$Route", true,
        hive.classLoader());
    List<String> sql = (List<String>) statements.getMethod("switchTo", routes, String.class, List.class)
        .invoke(null, Enum.valueOf(routes, route), "routes.store_sales", partitions);
    hive.run(sql.toArray(new String[0]));
  }

  /** The input format of the table and of each of its partitions, as the metastore holds them. */
  private static List<String> inputFormats() throws Exception {
    List<String> formats = new ArrayList<>();
    List<String> specs = new ArrayList<>(List.of(""));
    hive.query("SHOW PARTITIONS store_sales").forEach(r -> specs.add(" PARTITION (" + r.get(0) + ")"));
    for (String spec : specs) {
      for (List<String> row : hive.query("DESCRIBE FORMATTED store_sales" + spec)) {
        if (row.get(0).trim().equals("InputFormat:")) {
          formats.add(row.get(1).trim());
        }
      }
    }
    return formats;
  }

  /** Each of store_sales' files (as Hive names them in INPUT__FILE__NAME) and its rows, from its footer. */
  private static Map<String, Long> rowsByFile() throws Exception {
    Map<String, Long> rows = new TreeMap<>();
    try (Stream<Path> files = Files.walk(database.resolve("store_sales"))) {
      for (Path f : files.filter(f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith(".")).toList()) {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(f.toUri());
        rows.put(path.toString(), OrcFile.createReader(path, OrcFile.readerOptions(new Configuration())).getNumberOfRows());
      }
    }
    return rows;
  }

  /**
   * Rows Hive attributed to another file than their own: each file's rows less those Hive counted
   * under its name and partition. Each INSERT of the load wrote one file a partition, from customers
   * of one remainder mod 3, so a group whose customers' remainders differ, or whose partition is not
   * its file's, holds rows of another file.
   */
  private static long misattributedRows() throws Exception {
    return misattributed(rowsByFile());
  }

  private static long misattributed(Map<String, Long> expected) throws Exception {
    List<List<String>> groups = hive.query("SELECT INPUT__FILE__NAME, ss_month, count(*), min(ss_customer_sk % 3), "
        + "max(ss_customer_sk % 3) FROM store_sales GROUP BY INPUT__FILE__NAME, ss_month");
    Map<String, Long> counted = new HashMap<>();
    for (List<String> g : groups) {
      boolean own = g.get(0).contains("/ss_month=" + g.get(1) + "/") && g.get(3).equals(g.get(4));
      if (own) {
        counted.merge(g.get(0), new BigDecimal(g.get(2)).longValueExact(), Long::sum);
      }
    }
    long wrong = 0;
    for (Map.Entry<String, Long> file : expected.entrySet()) {
      wrong += Math.max(0, file.getValue() - counted.getOrDefault(file.getKey(), 0L));
    }
    return wrong;
  }
}
