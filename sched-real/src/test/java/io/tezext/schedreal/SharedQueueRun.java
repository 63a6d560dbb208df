package io.tezext.schedreal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.commons.io.FileUtils;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.TezConfiguration;

import io.tezext.testkit.TezTestCluster;

/**
 * One run of {@code bench/run sched-real-sessions}: several Tez sessions, all with the scheduler
 * under test, in one queue of a {@link ContendedCluster} with nothing else running. Each session
 * runs its DAGs one after another with a pause before each (a user reading the last answer), so
 * that while one session is between DAGs the containers it keeps idle are what the others of the
 * queue wait for: holding warm JVMs for a session's next DAG costs its neighbours there, and the
 * headroom YARN gives each AM cannot tell (the room is the queue's; the others wait for it). The
 * load comes from the pair's number ({@link #plan}): both runs of a pair meet the same one.
 */
final class SharedQueueRun {
  /** A user's pause before each DAG: exponential with this mean, at most {@link #MAX_PAUSE_MS}. */
  static final long MEAN_PAUSE_MS = 3_000;
  static final long MAX_PAUSE_MS = 10_000;

  /** What each session runs: its DAGs in order, and the pause before each. */
  record Plan(List<List<DagShape>> dags, List<List<Long>> pausesMs) {
    int sessions() {
      return dags.size();
    }
  }

  /**
   * What a run measured.
   *
   * @param dagMs every DAG's time from submission to its end as the client saw it, session by session
   * @param sessions each session's containers and attempts, from its Tez history
   * @param rmPreemptedContainers the sessions' containers the RM preempted
   */
  record Result(String runId, int pair, String scheduler, List<Long> dagMs, List<HistoryFigures> sessions,
      int rmPreemptedContainers) {
    double meanDagMs() {
      return dagMs.stream().mapToLong(Long::longValue).average().orElse(Double.NaN);
    }

    int containersLaunched() {
      return sessions.stream().mapToInt(HistoryFigures::containersLaunched).sum();
    }

    int attempts() {
      return sessions.stream().mapToInt(HistoryFigures::attempts).sum();
    }

    int containersRunningTasks() {
      return sessions.stream().mapToInt(HistoryFigures::containersRunningTasks).sum();
    }
  }

  private final TezTestCluster cluster;
  private final Path runsDir;

  SharedQueueRun(TezTestCluster cluster, Path runsDir) {
    this.cluster = cluster;
    this.runsDir = runsDir;
  }

  /**
   * The load of pair {@code pair}: session {@code i} runs {@link HiveShapes#session}'s DAGs from a
   * different starting point each (so that wide and narrow DAGs of the sessions overlap), pauses drawn
   * from a seed of the pair and the session.
   */
  static Plan plan(int pair, int sessions) {
    List<DagShape> all = HiveShapes.session();
    List<List<DagShape>> dags = new ArrayList<>();
    List<List<Long>> pauses = new ArrayList<>();
    for (int i = 0; i < sessions; i++) {
      int from = (pair + 3 * i) % all.size();
      List<DagShape> mine = new ArrayList<>(all.subList(from, all.size()));
      mine.addAll(all.subList(0, from));
      dags.add(List.copyOf(mine));
      Random random = new Random(1_000_003L * pair + i);
      List<Long> p = new ArrayList<>();
      for (int d = 0; d < mine.size(); d++) {
        p.add(Math.min(MAX_PAUSE_MS, Math.round(-MEAN_PAUSE_MS * Math.log(1 - random.nextDouble()))));
      }
      pauses.add(List.copyOf(p));
    }
    return new Plan(List.copyOf(dags), List.copyOf(pauses));
  }

  /**
   * Runs {@code plan} with {@code scheduler}, its keys set to {@code schedulerConf} (empty: its
   * defaults); each session's Tez history goes to {@code runsDir/runId/history/session-N}.
   */
  Result run(String runId, SchedulerUnderTest scheduler, Map<String, String> schedulerConf, int pair, Plan plan)
      throws Exception {
    Path runDir = runsDir.resolve(runId);
    FileUtils.deleteDirectory(runDir.toFile()); // history adds to what it finds
    List<TezClient> sessions = new ArrayList<>();
    List<TezConfiguration> confs = new ArrayList<>();
    List<Path> histories = new ArrayList<>();
    for (int i = 0; i < plan.sessions(); i++) {
      TezConfiguration conf = cluster.tezConfiguration();
      conf.set(TezConfiguration.TEZ_QUEUE_NAME, ContendedCluster.SESSION_QUEUE);
      conf.set(TezConfiguration.TEZ_AM_YARN_SCHEDULER_CLASS, scheduler.className());
      schedulerConf.forEach(conf::set);
      Path history = runDir.resolve("history/session-" + i);
      RealRun.recordProtoHistory(conf, history);
      confs.add(conf);
      histories.add(history);
      sessions.add(TezClient.create(runId + "-session-" + i, conf, true));
    }
    List<ApplicationId> apps = new ArrayList<>();
    List<Long> dagMs = new ArrayList<>();
    ExecutorService users = Executors.newFixedThreadPool(plan.sessions());
    try {
      for (TezClient s : sessions) {
        s.start();
        apps.add(s.getAppMasterApplicationId());
      }
      for (TezClient s : sessions) {
        s.waitTillReady();
      }
      List<Future<List<Long>>> times = new ArrayList<>();
      for (int i = 0; i < plan.sessions(); i++) {
        int session = i;
        times.add(users.submit(() -> runDags(runId, sessions.get(session), confs.get(session),
            plan.dags().get(session), plan.pausesMs().get(session))));
      }
      for (Future<List<Long>> t : times) {
        dagMs.addAll(t.get());
      }
    } finally {
      users.shutdownNow();
      for (TezClient s : sessions) {
        s.stop();
      }
    }
    List<HistoryFigures> figures = new ArrayList<>();
    int rmPreempted = 0;
    for (int i = 0; i < apps.size(); i++) {
      cluster.awaitExit(apps.get(i)); // the AM writes its last history records on its way out
      figures.add(HistoryFigures.read(histories.get(i)));
      rmPreempted += cluster.yarnCluster().getResourceManager().getRMContext().getRMApps().get(apps.get(i))
          .getRMAppMetrics().getNumNonAMContainersPreempted();
    }
    return new Result(runId, pair, scheduler.label(), List.copyOf(dagMs), List.copyOf(figures), rmPreempted);
  }

  /** One user's session: a pause, then a DAG and its wait, in turn; each DAG's time as the client saw it. */
  private List<Long> runDags(String runId, TezClient session, TezConfiguration conf, List<DagShape> dags,
      List<Long> pausesMs) throws Exception {
    List<Long> times = new ArrayList<>();
    for (int d = 0; d < dags.size(); d++) {
      Thread.sleep(pausesMs.get(d));
      DagShape shape = dags.get(d);
      long submitted = System.currentTimeMillis();
      RealRun.runToSuccess(runId, session, shape, conf, cluster);
      times.add(System.currentTimeMillis() - submitted);
    }
    return times;
  }
}
