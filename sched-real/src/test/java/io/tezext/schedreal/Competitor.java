package io.tezext.schedreal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationResourceUsageReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.TezException;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.client.DAGClient;

import io.tezext.testkit.TezTestCluster;

/**
 * The application competing with the session: a Tez session in the other queue running one DAG of
 * many long tasks, {@link #CONCURRENCY} at a time, which has grown over its queue's share when the
 * session's first DAG arrives, and takes back what the RM's preemption takes from it as soon as
 * the session lets it go. It reuses its containers (as Tez does by default), so it never gives one
 * back by itself: beyond the little the competitor leaves free, the session gets containers only
 * through the RM's preemption, which kills them 15 s after marking them. Its containers are the session's size: YARN's preemption never takes a
 * container larger than its per-round limit. Started the same way for every run.
 */
final class Competitor implements AutoCloseable {
  /** A minute of work per task; a container runs one after another. */
  static final long TASK_MS = 60_000;
  /** More tasks than any run can finish: the competitor never runs out of demand. */
  static final int TASKS = 400;
  /**
   * Tasks it runs at once: with its AM, 75% of the cluster, well over its queue's half; the quarter
   * left is the session's AM and two containers, beyond which the session takes from the competitor.
   */
  static final int CONCURRENCY = 10;

  private final TezTestCluster cluster;
  private final TezClient client;
  private final DAGClient dag;

  private Competitor(TezTestCluster cluster, TezClient client, DAGClient dag) {
    this.cluster = cluster;
    this.client = client;
    this.dag = dag;
  }

  /** Starts it in {@code queue}, its proto history under {@code historyDir}. */
  static Competitor start(TezTestCluster cluster, String queue, Path historyDir)
      throws IOException, TezException, InterruptedException {
    TezConfiguration conf = cluster.tezConfiguration();
    conf.set(TezConfiguration.TEZ_QUEUE_NAME, queue);
    conf.setInt(TezConfiguration.TEZ_AM_VERTEX_MAX_TASK_CONCURRENCY, CONCURRENCY);
    // Its tasks only wait: the quick compiler alone starts their JVMs with less of the host's CPU.
    conf.set(TezConfiguration.TEZ_TASK_LAUNCH_CMD_OPTS,
        conf.get(TezConfiguration.TEZ_TASK_LAUNCH_CMD_OPTS) + " -XX:TieredStopAtLevel=1");
    RealRun.recordProtoHistory(conf, historyDir);
    TezClient client = TezClient.create("competitor", conf, true);
    client.start();
    try {
      client.waitTillReady();
      Vertex load = Vertex.create("Map 1", WorkProcessor.descriptor(TASK_MS), TASKS);
      DAGClient dag = client.submitDAG(DAG.create("batch-load").addVertex(load));
      return new Competitor(cluster, client, dag);
    } catch (IOException | TezException | InterruptedException | RuntimeException e) {
      client.stop();
      throw e;
    }
  }

  ApplicationId appId() {
    return client.getAppMasterApplicationId();
  }

  /**
   * Waits until it holds at least {@code share} of the cluster's memory (its AM included), at most
   * {@code max}.
   */
  void awaitHolding(double share, Duration max) throws IOException, InterruptedException {
    long clusterMb = (long) cluster.nodeManagers() * cluster.nodeMemoryMb();
    long giveUpAt = System.nanoTime() + max.toNanos();
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(cluster.yarnCluster().getConfig());
      yarn.start();
      while (true) {
        long usedMb = usedMb(yarn);
        if (usedMb >= share * clusterMb) {
          return;
        }
        if (System.nanoTime() - giveUpAt > 0) {
          throw new IllegalStateException("the competitor holds " + usedMb + " MB of " + clusterMb + " MB after "
              + max.toSeconds() + " s, not " + Math.round(share * 100) + "%");
        }
        Thread.sleep(250);
      }
    }
  }

  private long usedMb(YarnClient yarn) throws IOException {
    try {
      ApplicationResourceUsageReport usage = yarn.getApplicationReport(appId()).getApplicationResourceUsageReport();
      return usage == null ? 0 : usage.getUsedResources().getMemorySize();
    } catch (YarnException e) {
      throw new IOException("no report of the competitor " + appId(), e);
    }
  }

  /** Kills its DAG and stops its session, then waits for its AM to write its last history and exit. */
  @Override
  public void close() throws IOException, InterruptedException {
    try {
      dag.tryKillDAG();
      dag.close();
    } catch (TezException e) {
      throw new IOException("cannot kill the competitor's DAG", e);
    } finally {
      try {
        client.stop();
      } catch (TezException e) {
        throw new IOException("cannot stop the competitor's session", e);
      }
      cluster.awaitExit(appId());
    }
  }
}
