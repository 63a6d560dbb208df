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
  }

  public Scenario withAm(AmSettings settings) {
    return new Scenario(cluster, settings, failures, seed, sampleIntervalMs);
  }
}
