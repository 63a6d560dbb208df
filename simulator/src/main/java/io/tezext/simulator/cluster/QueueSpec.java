package io.tezext.simulator.cluster;

/**
 * A CapacityScheduler leaf queue: its guaranteed share and the most it may take when others are
 * idle, both in percent of the cluster.
 */
public record QueueSpec(String name, double capacityPercent, double maxCapacityPercent) {

  public QueueSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("queue name must not be empty");
    }
    if (capacityPercent <= 0 || capacityPercent > 100) {
      throw new IllegalArgumentException("queue " + name + ": capacity must be in (0, 100], was " + capacityPercent);
    }
    if (maxCapacityPercent < capacityPercent || maxCapacityPercent > 100) {
      throw new IllegalArgumentException("queue " + name + ": max capacity must be in [capacity, 100], was "
          + maxCapacityPercent);
    }
  }
}
