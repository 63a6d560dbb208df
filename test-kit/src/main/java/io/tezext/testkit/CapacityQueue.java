package io.tezext.testkit;

import java.util.Objects;

/**
 * A leaf queue under {@code root} of YARN's CapacityScheduler, as {@link TezTestCluster.Builder#queue}
 * configures it.
 *
 * @param name the queue's name ({@code tez.queue.name} submits to it)
 * @param capacityPercent its guaranteed share of the cluster; the queues' shares add up to 100
 * @param maxCapacityPercent how far it may grow when the other queues leave resources unused
 * @param userLimitFactor how many times its capacity one user may hold: YARN's default of 1 keeps an
 *     application (all ours run as one user) within the queue's capacity, whatever its maximum
 */
public record CapacityQueue(String name, int capacityPercent, int maxCapacityPercent, float userLimitFactor) {
  public CapacityQueue {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[a-z][a-z0-9_-]*")) {
      throw new IllegalArgumentException("a queue name is lower-case letters, digits, '-' or '_': '" + name + "'");
    }
    if (capacityPercent <= 0 || capacityPercent > 100) {
      throw new IllegalArgumentException("queue " + name + ": capacity " + capacityPercent + "% is not in 1-100");
    }
    if (maxCapacityPercent < capacityPercent || maxCapacityPercent > 100) {
      throw new IllegalArgumentException("queue " + name + ": maximum capacity " + maxCapacityPercent
          + "% is not between its capacity " + capacityPercent + "% and 100%");
    }
    if (!(userLimitFactor > 0)) {
      throw new IllegalArgumentException("queue " + name + ": user-limit-factor " + userLimitFactor + " is not positive");
    }
  }

  /**
   * A queue of {@code capacityPercent} that may grow to the whole cluster, one application included
   * (its user-limit-factor lets one user hold 100%).
   */
  public static CapacityQueue elastic(String name, int capacityPercent) {
    return new CapacityQueue(name, capacityPercent, 100, 100f / capacityPercent);
  }
}
