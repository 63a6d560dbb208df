package io.tezext.simulator.cluster;

/**
 * A CapacityScheduler leaf queue: its guaranteed share and the most it may take when others are
 * idle, both in percent of the cluster, and its user limit factor: one user (the simulator gives
 * each application a user of its own) may hold at most {@code userLimitFactor} times the queue's
 * guarantee ({@code yarn.scheduler.capacity.<queue>.user-limit-factor}, YARN's default 1).
 */
public record QueueSpec(String name, double capacityPercent, double maxCapacityPercent, double userLimitFactor) {
  /** YARN's default user limit factor: a user may hold the queue's guarantee, no more. */
  public static final double DEFAULT_USER_LIMIT_FACTOR = 1;

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
    if (!(userLimitFactor > 0) || Double.isInfinite(userLimitFactor)) {
      throw new IllegalArgumentException("queue " + name + ": userLimitFactor must be a number above 0, was "
          + userLimitFactor);
    }
  }

  /** A queue with YARN's default user limit factor. */
  public QueueSpec(String name, double capacityPercent, double maxCapacityPercent) {
    this(name, capacityPercent, maxCapacityPercent, DEFAULT_USER_LIMIT_FACTOR);
  }

  public QueueSpec withUserLimitFactor(double factor) {
    return new QueueSpec(name, capacityPercent, maxCapacityPercent, factor);
  }
}
