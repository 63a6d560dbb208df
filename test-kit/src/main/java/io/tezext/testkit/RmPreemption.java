package io.tezext.testkit;

import org.apache.hadoop.conf.Configuration;

/**
 * The ResourceManager's preemption monitor running CapacityScheduler's
 * {@code ProportionalCapacityPreemptionPolicy}: every {@code monitoringIntervalMs} it finds queues
 * over their capacity while others wait, asks their applications for containers back and kills those
 * still running {@code maxWaitBeforeKillMs} later (the container ends with exit status PREEMPTED).
 *
 * @param monitoringIntervalMs how often the policy runs
 * @param maxWaitBeforeKillMs the warning's grace before a marked container is killed
 * @param totalPreemptionPerRound the most of the cluster's resources taken back in one round
 * @param maxIgnoredOverCapacity the dead zone: a queue this far over its capacity is left alone
 * @param naturalTerminationFactor the share of the remaining excess taken back each round
 */
public record RmPreemption(long monitoringIntervalMs, long maxWaitBeforeKillMs, double totalPreemptionPerRound,
    double maxIgnoredOverCapacity, double naturalTerminationFactor) {
  private static final String PREFIX = "yarn.resourcemanager.monitor.capacity.preemption.";

  /** Hadoop 3.4.1's defaults (CapacitySchedulerConfiguration), which a cluster gets by enabling the monitor. */
  public static final RmPreemption YARN_DEFAULTS = new RmPreemption(3_000, 15_000, 0.1, 0.1, 0.2);

  public RmPreemption {
    if (monitoringIntervalMs <= 0 || maxWaitBeforeKillMs < 0) {
      throw new IllegalArgumentException("the monitoring interval must be positive and the wait before a kill "
          + "not negative: " + monitoringIntervalMs + " ms, " + maxWaitBeforeKillMs + " ms");
    }
    if (!(totalPreemptionPerRound > 0 && totalPreemptionPerRound <= 1) || !(maxIgnoredOverCapacity >= 0)
        || !(naturalTerminationFactor > 0 && naturalTerminationFactor <= 1)) {
      throw new IllegalArgumentException("per-round share and natural termination factor in (0, 1], dead zone "
          + "not negative: " + this);
    }
  }

  /** Enables the monitor with this policy and these settings. */
  void applyTo(Configuration conf) {
    conf.setBoolean("yarn.resourcemanager.scheduler.monitor.enable", true);
    conf.set("yarn.resourcemanager.scheduler.monitor.policies",
        "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy");
    conf.setLong(PREFIX + "monitoring_interval", monitoringIntervalMs);
    conf.setLong(PREFIX + "max_wait_before_kill", maxWaitBeforeKillMs);
    conf.setFloat(PREFIX + "total_preemption_per_round", (float) totalPreemptionPerRound);
    conf.setDouble(PREFIX + "max_ignored_over_capacity", maxIgnoredOverCapacity);
    conf.setDouble(PREFIX + "natural_termination_factor", naturalTerminationFactor);
  }
}
