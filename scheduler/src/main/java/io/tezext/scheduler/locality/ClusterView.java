package io.tezext.scheduler.locality;

/** What the scheduler knows of the cluster: its size, each host's rack, and which hosts it should avoid. */
public interface ClusterView {
  /** Nodes YARN reports the cluster has (0 until the first heartbeat). */
  int nodeCount();

  String rackOf(String host);

  /** False for a host YARN reported lost, unhealthy or decommissioned. */
  boolean usable(String host);
}
