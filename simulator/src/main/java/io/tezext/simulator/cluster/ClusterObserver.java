package io.tezext.simulator.cluster;

/** Told of every container the ResourceManager allocates and completes, and of lost nodes (metrics, checks). */
public interface ClusterObserver {
  ClusterObserver NONE = new ClusterObserver() {
  };

  default void containerAllocated(RmContainer container) {
  }

  default void containerCompleted(RmContainer container) {
  }

  default void nodeLost(RmNode node, long nowMs) {
  }
}
