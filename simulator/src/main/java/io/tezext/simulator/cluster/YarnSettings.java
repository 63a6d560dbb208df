package io.tezext.simulator.cluster;

/**
 * How the simulated ResourceManager behaves. Names follow the CapacityScheduler's keys.
 *
 * @param nodeHeartbeatMs NodeManager heartbeat interval; each heartbeat is one scheduling opportunity
 *     per node ({@code yarn.resourcemanager.nodemanagers.heartbeat-interval-ms}, 1000)
 * @param nodeLocalityDelay missed opportunities before a rack-local container is allowed
 *     ({@code yarn.scheduler.capacity.node-locality-delay}, 40), capped at the node count
 * @param rackLocalityAdditionalDelay extra missed opportunities before off-switch; -1 derives it from
 *     the request's spread, as the CapacityScheduler does
 *     ({@code yarn.scheduler.capacity.rack-locality-additional-delay}, -1)
 * @param dominantResources fit containers by memory and vcores (DominantResourceCalculator); false
 *     fits by memory only (the CapacityScheduler's default DefaultResourceCalculator)
 * @param preemption RM-side preemption of over-capacity queues (ProportionalCapacityPreemptionPolicy)
 * @param preemptionIntervalMs how often the preemption monitor runs ({@code monitoring_interval}, 3000)
 * @param preemptionWaitMs how long a container marked for preemption lives before it is killed
 *     ({@code max_wait_before_kill}, 15000)
 * @param maxAmSharePercent most of a queue that AM containers may take
 *     ({@code maximum-am-resource-percent}, 10)
 * @param maxOffSwitchPerHeartbeat off-switch containers one node heartbeat may give before the node
 *     gives nothing more that heartbeat
 *     ({@code yarn.scheduler.capacity.per-node-heartbeat.maximum-offswitch-assignments}, 1)
 */
public record YarnSettings(
    long nodeHeartbeatMs,
    int nodeLocalityDelay,
    int rackLocalityAdditionalDelay,
    boolean dominantResources,
    boolean preemption,
    long preemptionIntervalMs,
    long preemptionWaitMs,
    double maxAmSharePercent,
    int maxOffSwitchPerHeartbeat) {

  public static final YarnSettings DEFAULTS = new YarnSettings(1000, 40, -1, false, false, 3000, 15000, 10, 1);

  public YarnSettings {
    if (nodeHeartbeatMs <= 0) {
      throw new IllegalArgumentException("yarn.nodeHeartbeatMs must be positive, was " + nodeHeartbeatMs);
    }
    if (nodeLocalityDelay < 0) {
      throw new IllegalArgumentException("yarn.nodeLocalityDelay must be >= 0, was " + nodeLocalityDelay);
    }
    if (rackLocalityAdditionalDelay < -1) {
      throw new IllegalArgumentException("yarn.rackLocalityAdditionalDelay must be >= -1, was "
          + rackLocalityAdditionalDelay);
    }
    if (preemptionIntervalMs <= 0 || preemptionWaitMs < 0) {
      throw new IllegalArgumentException("yarn.preemptionIntervalMs must be positive and preemptionWaitMs >= 0");
    }
    if (maxOffSwitchPerHeartbeat <= 0) {
      throw new IllegalArgumentException("yarn.maxOffSwitchPerHeartbeat must be positive, was "
          + maxOffSwitchPerHeartbeat);
    }
    if (maxAmSharePercent <= 0 || maxAmSharePercent > 100) {
      throw new IllegalArgumentException("yarn.maxAmSharePercent must be in (0, 100], was " + maxAmSharePercent);
    }
  }
}
