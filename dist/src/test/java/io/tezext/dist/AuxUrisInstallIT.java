package io.tezext.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.testkit.TezTestCluster;
import io.tezext.testkit.WordCountDag;

/**
 * The install path of docs/install.md on a real Tez-on-YARN cluster: the packaged jar on
 * {@code tez.aux.uris}, the scheduler named in {@code tez.am.yarn.scheduler.class}. The AM and
 * task JVMs inherit this test's class path, which holds none of our modules (dist/pom.xml's failsafe
 * configuration leaves them out), so the AM can only load the scheduler from the jar it localized.
 */
class AuxUrisInstallIT {

  static final String SCHEDULER_CLASS = "io.tezext.scheduler.tez.TezextTaskScheduler";

  private static final int GENERATORS = 3;
  private static final int SUMMERS = 2;
  private static final int WORDS_PER_GENERATOR = 1_000;
  private static final Duration DAG_DEADLINE = Duration.ofMinutes(2);

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  @Test
  void theAmLoadsTheSchedulerFromTheJarOnTezAuxUrisAndRunsAShuffleDag() throws Exception {
    assertThatThrownBy(() -> Class.forName(SCHEDULER_CLASS))
        .as("the scheduler on the test class path, which the AM inherits: the test would prove nothing")
        .isInstanceOf(ClassNotFoundException.class);
    Path jar = Path.of(System.getProperty("tezext.jar", "target/missing.jar")).toAbsolutePath();
    assertThat(jar).as("the packaged plugin jar (run through mvn verify)").isRegularFile();

    TezConfiguration conf = CLUSTER.tezConfiguration();
    // MiniTezCluster runs on the local file system: a file: URI is what hdfs:///apps/... is on a cluster.
    conf.set("tez.aux.uris", jar.toUri().toString());
    conf.set("tez.am.yarn.scheduler.class", SCHEDULER_CLASS);
    TezClient client = TezClient.create("tezext-aux-uris-it", conf);
    client.start();
    DAGStatus status;
    ApplicationId app;
    try {
      status = TezTestCluster.runDag(client,
          WordCountDag.create("tezext-from-aux-uris", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR), DAG_DEADLINE);
      app = client.getAppMasterApplicationId();
    } finally {
      client.stop();
    }

    WordCountDag.assertEveryWordCounted(status, GENERATORS, WORDS_PER_GENERATOR);

    String amLog = CLUSTER.amLog(app);
    assertThat(amLog)
        .as("the AM log of %s", app)
        .contains("Creating YARN TaskScheduler: " + SCHEDULER_CLASS)
        .contains("tezext scheduler: reuse on")
        .contains("tezext scheduler: DAG 1 (tezext-from-aux-uris): ");
    List<String> amClassPath = amClassPath(amLog);
    assertThat(amClassPath)
        .as("the AM's class path")
        .anyMatch(entry -> entry.endsWith("/" + jar.getFileName()) && !entry.equals(jar.toString()))
        .noneMatch(entry -> entry.contains("tezext-scheduler") || entry.contains("/scheduler/target/"));
  }

  /** The AM's {@code java.class.path}, as it logs it at start-up. */
  private static List<String> amClassPath(String amLog) {
    Matcher m = Pattern.compile("java\\.class\\.path: (.*)").matcher(amLog);
    assertThat(m.find()).as("the AM logs its class path at start-up").isTrue();
    return Arrays.asList(m.group(1).trim().split(":"));
  }
}
