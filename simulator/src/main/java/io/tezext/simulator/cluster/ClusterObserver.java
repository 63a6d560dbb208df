package io.tezext.simulator.cluster;

/** Told of every container the ResourceManager allocates and completes (metrics, invariant checks). */
public interface ClusterObserver {
  ClusterObserver NONE = new ClusterObserver() {
  };

  default void containerAllocated(RmContainer container) {
  }

  default void containerCompleted(RmContainer container) {
  }
}
