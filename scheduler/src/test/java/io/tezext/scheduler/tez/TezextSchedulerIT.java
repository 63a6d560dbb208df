package io.tezext.scheduler.tez;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.DAGCounter;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.testkit.TezTestCluster;
import io.tezext.testkit.WordCountDag;

/**
 * The scheduler in the AM of a real Tez-on-YARN cluster, chosen the way an operator chooses it: by
 * class name in {@code tez.am.yarn.scheduler.class}. The AM and tasks run with this module's test
 * class path, so the classes under test are the ones just built; {@code AuxUrisInstallIT} in
 * {@code dist/} covers the packaged jar on {@code tez.aux.uris}.
 */
class TezextSchedulerIT {

  /** Spelled out, as in {@code tez-site.xml}: a renamed class fails here, not on an operator's cluster. */
  static final String SCHEDULER_CLASS = "io.tezext.scheduler.tez.TezextTaskScheduler";

  private static final int GENERATORS = 3;
  private static final int SUMMERS = 2;
  private static final int TASKS = GENERATORS + SUMMERS + 1;
  private static final int WORDS_PER_GENERATOR = 1_000;
  /** A DAG here takes 10-30 s on a busy 2-core host; one that has not finished by this never will. */
  private static final Duration DAG_DEADLINE = Duration.ofMinutes(2);

  /** Tez's line when a task attempt starts in the container a scheduler gave it: attempt_{app}_{dag}_{vertex}_{task}_{n}. */
  private static final Pattern ATTEMPT_STARTED = Pattern.compile(
      "TaskAttempt: \\[attempt_\\d+_\\d+_(\\d+)_\\d+_\\d+_\\d+\\] submitted\\. Is using containerId: \\[(container_[^\\]]+)\\]");

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder()
      .set("tez.am.yarn.scheduler.class", SCHEDULER_CLASS)
      .build();

  @Test
  void aShuffleDagSucceedsWithEveryTaskPlacedByTheTezextScheduler() throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    TezClient client = TezClient.create("tezext-scheduler-it", conf);
    client.start();
    DAGStatus status;
    ApplicationId app;
    try {
      status = run(client, WordCountDag.create("tezext-word-count", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR));
      app = client.getAppMasterApplicationId();
    } finally {
      client.stop();
    }

    assertSucceededWithEveryWordCounted(status);
    String amLog = CLUSTER.amLog(app);
    assertThat(amLog)
        .as("the AM log of %s", app)
        .contains("Creating YARN TaskScheduler: " + SCHEDULER_CLASS)
        .contains("tezext scheduler: reuse on, idle release ")
        .contains("tezext scheduler: DAG 1 (tezext-word-count): locality auto")
        .doesNotContain("DagAwareYarnTaskScheduler")
        .doesNotContain("YarnTaskSchedulerService");
    // Tez starts an attempt only in a container its scheduler handed it, and ours is the AM's only one.
    assertThat(containersByDag(amLog).getOrDefault(1, Set.of()))
        .as("containers task attempts started in, per the AM log of %s", app)
        .isNotEmpty();
    assertThat(attemptsStarted(amLog)).as("task attempts started, per the AM log of %s", app).isEqualTo(TASKS);
  }

  @Test
  void aSessionRunsTwoDagsAndTheSecondRunsInContainersTheFirstLaunched() throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    // Warm JVMs for the next DAG: the session keeps idle containers between DAGs, and however slowly
    // the test submits the second DAG, they are there when it starts.
    conf.setInt("tezext.scheduler.session.held-containers", 2);

    TezClient client = TezClient.create("tezext-scheduler-session-it", conf, true);
    client.start();
    DAGStatus first;
    DAGStatus second;
    ApplicationId app;
    try {
      client.waitTillReady();
      first = run(client, WordCountDag.create("tezext-session-1", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR));
      second = run(client, WordCountDag.create("tezext-session-2", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR));
      app = client.getAppMasterApplicationId();
    } finally {
      client.stop();
    }

    assertSucceededWithEveryWordCounted(first);
    assertSucceededWithEveryWordCounted(second);
    String amLog = CLUSTER.amLog(app);
    assertThat(amLog)
        .contains("tezext scheduler: DAG 1 (tezext-session-1): ")
        .contains("tezext scheduler: DAG 2 (tezext-session-2): ")
        .containsPattern("tezext scheduler: reuse on, .*session keeps up to 2")
        // The AM reads its queue's statistics over the RM's client protocol; alone in its queue, it
        // finds nobody else waiting, so its pool stays (below).
        .containsPattern("tezext scheduler: queue (root\\.)?default read from the ResourceManager: others wait for \\d+ MB")
        .doesNotContain("cannot read queue");

    // The second DAG ran in JVMs the first one started: containers that ran attempts of both DAGs.
    // (TOTAL_CONTAINERS_USED cannot say: Tez sets it after the client already sees the DAG finished.)
    Map<Integer, Set<String>> containers = containersByDag(amLog);
    Set<String> reused = new HashSet<>(containers.getOrDefault(1, Set.of()));
    reused.retainAll(containers.getOrDefault(2, Set.of()));
    TezCounters counters = second.getDAGCounters();
    String report = String.format("containers of DAG 1 %s, of DAG 2 %s; DAG 2 counters %s", containers.get(1),
        containers.get(2), counters.getGroup(DAGCounter.class.getName()));
    assertThat(reused).as(report).isNotEmpty();
    assertThat(counters.findCounter(DAGCounter.INITIAL_HELD_CONTAINERS).getValue()).as(report).isPositive();
    assertThat(counters.findCounter(DAGCounter.TOTAL_CONTAINER_LAUNCH_COUNT).getValue())
        .as(report)
        .isLessThan(counters.findCounter(DAGCounter.TOTAL_LAUNCHED_TASKS).getValue());
  }

  /**
   * An AM-scope key the scheduler cannot accept fails the AM at start-up, and says why in the AM's log.
   * The client sees only that the AM container exited with code 1: YARN's diagnostics carry the AM's
   * stderr, and Tez's AM logs to syslog.
   */
  @Test
  void anOutOfRangeAmKeyFailsTheAmAtStartWithTheKeyValueAndRangeInTheAmLog() throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    conf.set("tezext.scheduler.preemption.max-percentage", "150");
    conf.setInt(TezConfiguration.TEZ_AM_MAX_APP_ATTEMPTS, 1); // a bad setting fails every attempt alike
    TezClient client = TezClient.create("tezext-scheduler-bad-am-key-it", conf);
    client.start();
    DAGStatus status;
    ApplicationId app;
    try {
      status = run(client, WordCountDag.create("tezext-bad-am-key", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR));
      app = client.getAppMasterApplicationId();
    } finally {
      client.stop();
    }

    assertThat(status.getState()).isEqualTo(DAGStatus.State.FAILED);
    assertThat(String.join("\n", status.getDiagnostics()))
        .contains("AM Container for appattempt_")
        .contains("exitCode: 1");
    assertThat(CLUSTER.amLog(app))
        .contains("Error starting DAGAppMaster")
        .contains("tezext.scheduler.preemption.max-percentage = '150': expected a whole number from 1 to 100")
        .doesNotContain("tezext scheduler: reuse");
  }

  /**
   * A DAG-scope key the scheduler cannot accept, set on one DAG's configuration as a Hive session's
   * {@code SET} would, fails that DAG when its first task asks for a container, with the key, the
   * value and what it accepts in the client's diagnostics; the session then runs its next DAG.
   */
  @Test
  void aBadDagKeyFailsThatDagNamingTheKeyAndTheSessionRunsTheNext() throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    DAG bad = WordCountDag.create("tezext-bad-dag-key", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR)
        .setConf("tezext.scheduler.locality.mode", "nearby");
    TezClient client = TezClient.create("tezext-scheduler-bad-dag-key-it", conf, true);
    client.start();
    DAGStatus failed;
    DAGStatus next;
    try {
      client.waitTillReady();
      failed = run(client, bad);
      next = run(client, WordCountDag.create("tezext-after-bad-key", conf, GENERATORS, SUMMERS, WORDS_PER_GENERATOR));
    } finally {
      client.stop();
    }

    assertThat(failed.getState()).isIn(DAGStatus.State.FAILED, DAGStatus.State.ERROR);
    assertThat(String.join("\n", failed.getDiagnostics()))
        .contains("tezext.scheduler.locality.mode = 'nearby': expected one of strict, delay, relaxed, auto");
    assertSucceededWithEveryWordCounted(next);
  }

  private static DAGStatus run(TezClient client, DAG dag) throws Exception {
    return TezTestCluster.runDag(client, dag, DAG_DEADLINE);
  }

  private static void assertSucceededWithEveryWordCounted(DAGStatus status) {
    WordCountDag.assertEveryWordCounted(status, GENERATORS, WORDS_PER_GENERATOR);
    assertThat(status.getDAGCounters().findCounter(DAGCounter.NUM_SUCCEEDED_TASKS).getValue()).isEqualTo(TASKS);
  }

  /** The containers each DAG's task attempts started in, by DAG index, from the AM's log. */
  private static Map<Integer, Set<String>> containersByDag(String amLog) {
    Map<Integer, Set<String>> byDag = new HashMap<>();
    Matcher m = ATTEMPT_STARTED.matcher(amLog);
    while (m.find()) {
      byDag.computeIfAbsent(Integer.parseInt(m.group(1)), dag -> new HashSet<>()).add(m.group(2));
    }
    return byDag;
  }

  private static int attemptsStarted(String amLog) {
    Matcher m = ATTEMPT_STARTED.matcher(amLog);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
