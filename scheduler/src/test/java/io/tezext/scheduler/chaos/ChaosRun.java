package io.tezext.scheduler.chaos;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.service.Service;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.TezException;
import org.apache.tez.dag.api.client.DAGClient;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;

import io.tezext.testkit.TezTestCluster;

/**
 * One run of the campaign: a Tez session with one scheduler runs {@link ChaosDag} while one
 * {@link Fault} lands at a time drawn from the seed; then the session closes. What it records: how
 * the DAG ended (within {@link #DAG_BOUND}, or not: a hang), whether a succeeded DAG's answer is
 * exact, whether a failed one says why, and which of the application's container processes are
 * still alive once YARN reports it finished.
 */
final class ChaosRun {
  /** A DAG here takes 30-60 s on a shared 2-core host, 90 s with an AM's recovery; past this it hangs. */
  static final Duration DAG_BOUND = Duration.ofMinutes(4);
  /** How long the NodeManagers get to clean an ended application's containers up before they count as leaked. */
  static final Duration CLEAN_UP_BOUND = Duration.ofSeconds(30);
  static final int TASK_MB = 512;
  /** The DAG: 6 generators of 8 s, 2 summers, one check; more than the cluster's containers at once. */
  static final ChaosDag DAG = new ChaosDag(6, 2, 7_000, 8_000);
  /** What the other queue's application runs to take its share back. */
  static final ChaosDag COMPETITOR = new ChaosDag(3, 1, 700, 8_000);
  /** Failed DAGs must say why: the words Tez uses for a lost node, a killed or preempted container, a dead AM. */
  private static final java.util.regex.Pattern CAUSE = java.util.regex.Pattern.compile(
      "(?i)node|container|preempt|killed|exit|attempt|lost");

  /** What a second AM attempt logs when the first died before its recovery summary reached the file system. */
  static final String NOTHING_TO_RECOVER = "Nothing to recover as no uncompleted/completed DAGs found";
  /** The state of a DAG the session lost with its AM. */
  static final String LOST = "LOST";
  /** The state of a DAG whose client failed (a submission or status call to an AM that died). */
  static final String CLIENT_FAILED = "CLIENT_FAILED";

  /** How a run ended. */
  record Outcome(String scheduler, long seed, Fault fault, String dagState, boolean hung, String wrongAnswer,
      String diagnostics, boolean diagnosed, boolean faultLanded, String faultNote, List<String> leaked,
      double dagSeconds) {
    boolean succeeded() {
      return "SUCCEEDED".equals(dagState);
    }
  }

  private final TezTestCluster cluster;
  private final String scheduler;
  private final String schedulerClass;
  private final long seed;
  private final Fault fault;
  private final Random random;

  ChaosRun(TezTestCluster cluster, String scheduler, String schedulerClass, long seed) {
    this.cluster = cluster;
    this.scheduler = scheduler;
    this.schedulerClass = schedulerClass;
    this.seed = seed;
    this.fault = Fault.ofSeed(seed);
    this.random = new Random(seed);
  }

  Fault fault() {
    return fault;
  }

  Outcome run() throws Exception {
    long faultAtMs = 4_000 + random.nextInt(10_000);
    TezConfiguration conf = cluster.tezConfiguration();
    conf.set(TezConfiguration.TEZ_AM_SESSION_MODE, "true");
    conf.set("tez.am.yarn.scheduler.class", schedulerClass);
    conf.setBoolean(TezConfiguration.DAG_RECOVERY_ENABLED, true);
    // Containers of 512 MB: the AM and five tasks fill the cluster, so the session holds the other
    // queue's share too, which the RM takes back when that queue's application asks for it.
    conf.setInt(TezConfiguration.TEZ_TASK_RESOURCE_MEMORY_MB, TASK_MB);
    String name = "chaos-" + scheduler + "-" + seed;
    TezClient client = TezClient.create(name, conf, true);
    ExecutorService faults = Executors.newSingleThreadExecutor();
    List<ApplicationId> apps = java.util.Collections.synchronizedList(new ArrayList<>());
    String state = "NOT_RUN";
    boolean hung = false;
    String wrong = null;
    String diagnostics = "";
    double seconds = Double.NaN;
    Future<String> injected = null;
    try {
      client.start();
      client.waitTillReady();
      ApplicationId app = client.getAppMasterApplicationId();
      apps.add(app);
      injected = faults.submit(() -> inject(app, faultAtMs, apps));
      long started = System.nanoTime();
      DAGClient dag = client.submitDAG(DAG.create(name, conf));
      try {
        DAGStatus status = null;
        long checkedLogAt = started;
        while (status == null || !status.isCompleted()) {
          long now = System.nanoTime();
          if (now - started > DAG_BOUND.toNanos()) {
            dag.tryKillDAG();
            break;
          }
          if (now - checkedLogAt > 10_000_000_000L) {
            checkedLogAt = now;
            if (cluster.amLog(app).contains(NOTHING_TO_RECOVER)) {
              break; // the session's new AM has no DAG; the client would wait for ever
            }
          }
          status = dag.getDAGStatus(EnumSet.noneOf(StatusGetOpts.class), 1_000);
        }
        seconds = (System.nanoTime() - started) / 1e9;
        if (status != null && status.isCompleted()) {
          status = dag.getDAGStatus(EnumSet.of(StatusGetOpts.GET_COUNTERS));
          state = status.getState().name();
          diagnostics = String.join(" | ", status.getDiagnostics());
          if (status.getState() == DAGStatus.State.SUCCEEDED) {
            wrong = DAG.wrongAnswer(status.getDAGCounters());
          }
        } else if (seconds * 1e9 > DAG_BOUND.toNanos()) {
          hung = true;
          state = "HUNG";
          diagnostics = "still running after " + DAG_BOUND.toSeconds() + " s (killed); last status: " + status;
        } else {
          state = LOST;
          diagnostics = "the session's AM died before Tez's recovery log held the DAG, and its next attempt "
              + "logged '" + NOTHING_TO_RECOVER + "': the DAG is gone, and Tez's client keeps polling for it";
        }
      } finally {
        dag.close();
      }
    } catch (IOException | TezException e) {
      // Tez's client itself failed (the AM died under a submission or a status call): what the user
      // sees is the exception, and YARN's account of the application, which names what happened to it.
      state = CLIENT_FAILED;
      diagnostics = e + (apps.isEmpty() ? "" : " | YARN: " + applicationDiagnostics(apps.get(0)));
    } finally {
      stopQuietly(client);
    }
    String note;
    try {
      note = injected == null ? "missed: the session did not start" : injected.get(DAG_BOUND.toMillis(),
          TimeUnit.MILLISECONDS);
    } finally {
      faults.shutdownNow();
    }
    boolean landed = !note.startsWith("missed");
    if (fault == Fault.QUEUE_PREEMPTED) {
      long preempted = preemptedMemorySeconds(apps.get(0));
      landed = preempted > 0;
      note += "; the RM preempted " + preempted + " MB-seconds of the session";
    }
    List<String> leaked = new ArrayList<>();
    for (ApplicationId app : apps) {
      leaked.addAll(leftRunning(app));
    }
    boolean diagnosed = state.equals("SUCCEEDED") || hung || CAUSE.matcher(diagnostics).find();
    return new Outcome(scheduler, seed, fault, state, hung, wrong, diagnostics, diagnosed, landed, note, leaked,
        seconds);
  }

  /** Waits for the fault's time, then makes it happen; says what it did. */
  private String inject(ApplicationId app, long atMs, List<ApplicationId> apps) throws Exception {
    Thread.sleep(atMs);
    switch (fault) {
      case CONTAINER_KILLED -> {
        for (int wait = 0; wait < 240; wait++) {
          List<ProcessHandle> tasks = ClusterProcesses.taskJvms(app);
          if (!tasks.isEmpty()) {
            ProcessHandle victim = tasks.get(random.nextInt(tasks.size()));
            String which = ClusterProcesses.describe(victim); // while it still has a command line
            victim.destroyForcibly();
            return "killed task JVM " + which + " at " + atMs + " ms";
          }
          Thread.sleep(250);
        }
        return "missed: no task JVM ran";
      }
      case AM_KILLED -> {
        return ClusterProcesses.amJvm(app).map(am -> {
          String which = ClusterProcesses.describe(am);
          am.destroyForcibly();
          return "killed the AM JVM " + which + " at " + atMs + " ms";
        }).orElse("missed: no AM JVM ran");
      }
      case NODE_MANAGER_STOPPED -> {
        List<NodeManager> live = new ArrayList<>();
        for (int i = 0; i < cluster.nodeManagers(); i++) {
          NodeManager nm = cluster.yarnCluster().getNodeManager(i);
          if (nm.getServiceState() == Service.STATE.STARTED) {
            live.add(nm);
          }
        }
        NodeManager victim = live.get(random.nextInt(live.size()));
        String id = String.valueOf(victim.getNMContext().getNodeId());
        victim.stop();
        return "stopped NodeManager " + id + " at " + atMs + " ms";
      }
      case QUEUE_PREEMPTED -> {
        TezConfiguration conf = cluster.tezConfiguration();
        conf.set(TezConfiguration.TEZ_QUEUE_NAME, "batch");
        TezClient other = TezClient.create("chaos-competitor-" + seed, conf);
        try {
          other.start();
          DAGStatus s = TezTestCluster.runDag(other, COMPETITOR.create("chaos-competitor-" + seed, conf), DAG_BOUND);
          return "a competitor in queue batch from " + atMs + " ms: " + s.getState();
        } finally {
          if (other.getAppMasterApplicationId() != null) { // known once its DAG was submitted
            apps.add(other.getAppMasterApplicationId());
          }
          stopQuietly(other);
        }
      }
      default -> throw new IllegalStateException(fault.name());
    }
  }

  /** What YARN says about {@code app}, its attempts' ends included. */
  private String applicationDiagnostics(ApplicationId app) {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(cluster.yarnCluster().getConfig());
      yarn.start();
      return yarn.getApplicationReport(app).getDiagnostics().replaceAll("\\s+", " ");
    } catch (Exception e) {
      return "no report: " + e;
    }
  }

  /** What the RM took back from {@code app} by preemption, in MB-seconds. */
  private long preemptedMemorySeconds(ApplicationId app) throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(cluster.yarnCluster().getConfig());
      yarn.start();
      return yarn.getApplicationReport(app).getApplicationResourceUsageReport().getPreemptedMemorySeconds();
    }
  }

  /** {@code app}'s container processes still alive once YARN says it ended and its NodeManagers had time to clean up. */
  private List<String> leftRunning(ApplicationId app) throws Exception {
    try {
      cluster.awaitExit(app);
    } catch (IllegalStateException e) { // YARN still runs it a minute after its session closed
      return List.of(app + " still running a minute after its session closed");
    }
    for (long waited = 0; waited < CLEAN_UP_BOUND.toMillis(); waited += 500) {
      if (ClusterProcesses.of(app).isEmpty()) {
        return List.of();
      }
      Thread.sleep(500);
    }
    return ClusterProcesses.of(app).stream().map(ClusterProcesses::describe).toList();
  }

  private static void stopQuietly(TezClient client) {
    try {
      client.stop();
    } catch (Exception e) {
      // the session's AM may be gone with its node; YARN still ends the application
    }
  }
}
