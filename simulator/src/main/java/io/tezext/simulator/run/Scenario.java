package io.tezext.simulator.run;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;

/**
 * Everything about a run except the workload and the scheduler: the cluster, how the Tez AM
 * behaves, what fails, the seed, and how often utilization is sampled.
 */
public record Scenario(ClusterSpec cluster, AmSettings am, Failures failures, long seed, long sampleIntervalMs) {

  public Scenario {
    if (sampleIntervalMs <= 0) {
      throw new IllegalArgumentException("sampleIntervalMs must be positive, was " + sampleIntervalMs);
    }
    for (Failures.NodeLoss loss : failures.nodeLosses()) {
      if (cluster.nodes().stream().noneMatch(n -> n.host().equals(loss.host()))) {
        throw new IllegalArgumentException("failures.nodeLosses names host " + loss.host()
            + ", which the cluster does not have");
      }
    }
    // Runs that could never end are refused here, not found by a watchdog an hour of simulated time in.
    long lost = failures.nodeLosses().stream().map(Failures.NodeLoss::host).distinct().count();
    if (lost > 0 && lost == cluster.nodes().size()) {
      throw new IllegalArgumentException("failures.nodeLosses loses every node of the cluster (" + lost
          + "): no task could run after the last loss; keep at least one");
    }
    int amMemoryMb = am.get(AmSettings.AM_MEMORY_MB);
    if (amMemoryMb > cluster.largestNodeMemoryMb()) {
      throw new IllegalArgumentException("tez.amMemoryMb is " + amMemoryMb + ", more than the largest node ("
          + cluster.largestNodeMemoryMb() + " MB): no AM could start");
    }
  }

  public Scenario withAm(AmSettings settings) {
    return new Scenario(cluster, settings, failures, seed, sampleIntervalMs);
  }
}
