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
 * many long tasks, started first so it has grown over its queue's share when the session arrives.
 * Its containers are not reused (each task a new container, as a MapReduce job's), so one frees up
 * every few seconds for the CapacityScheduler to hand to the queue most below its share; its tasks
 * are four times the RM's warning (15 s), so most containers the RM's preemption marks are killed
 * rather than finished. Its containers are the session's size: YARN's preemption never takes a
 * container larger than its per-round limit (10% of this 4 GB cluster, 409 MB). Long tasks keep the
 * JVMs it starts (one per task) from loading a 2-core host. Started the same way for every run.
 */
final class Competitor implements AutoCloseable {
  /** Well over the RM's monitor interval and grace together, so a marked container is mostly killed, not finished. */
  static final long TASK_MS = 60_000;
  /** More tasks than any run can finish: the competitor never runs out of demand. */
  static final int TASKS = 400;

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
    conf.setBoolean(TezConfiguration.TEZ_AM_CONTAINER_REUSE_ENABLED, false);
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
