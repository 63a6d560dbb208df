package io.tezext.schedreal;

import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.yarn.server.resourcemanager.scheduler.QueueMetrics;

import io.tezext.testkit.TezTestCluster;

/**
 * Samples, every 100 ms on a thread of its own, what the ResourceManager's root queue says is free in
 * the cluster (memory and vcores): what a headroom the RM reports can be checked against.
 */
final class ClusterFreeSampler implements AutoCloseable {
  /** One sample: when, and the cluster's free memory and vcores (vcores go negative when overcommitted). */
  record Free(long timeMs, long memoryMb, int vcores) {
  }

  private final List<Free> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stop;

  ClusterFreeSampler(TezTestCluster cluster) {
    QueueMetrics root = cluster.yarnCluster().getResourceManager().getResourceScheduler().getRootQueueMetrics();
    thread = new Thread(() -> {
      while (!stop) {
        Free f = new Free(System.currentTimeMillis(), root.getAvailableMB(), root.getAvailableVirtualCores());
        synchronized (samples) {
          samples.add(f);
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "cluster-free-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  /** The last sample at or before {@code timeMs}, or null. */
  Free at(long timeMs) {
    synchronized (samples) {
      Free last = null;
      for (Free f : samples) {
        if (f.timeMs() > timeMs) {
          break;
        }
        last = f;
      }
      return last;
    }
  }

  /** Whether the cluster's free vcores ever went negative while sampling. */
  int minFreeVcores() {
    synchronized (samples) {
      return samples.stream().mapToInt(Free::vcores).min().orElse(0);
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop = true;
    thread.interrupt();
    thread.join();
  }
}
