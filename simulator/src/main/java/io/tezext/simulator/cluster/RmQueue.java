package io.tezext.simulator.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** A leaf queue: its share of the cluster, what it uses, and its applications in FIFO order. */
final class RmQueue {
  private final QueueSpec spec;
  final List<RmApp> apps = new ArrayList<>();
  /** Applications with task containers outstanding, in submission order: the only ones worth a node. */
  final TreeMap<Long, RmApp> demanding = new TreeMap<>();
  int waitingAms;
  long guaranteedMemoryMb;
  long maxMemoryMb;
  /** The most one user (an application) may hold: the guarantee times the user limit factor, at most the maximum. */
  long userLimitMemoryMb;
  long guaranteedVcores;
  long maxVcores;
  long userLimitVcores;
  long usedMemoryMb;
  long usedVcores;
  long amUsedMemoryMb;

  RmQueue(QueueSpec spec) {
    this.spec = spec;
  }

  String name() {
    return spec.name();
  }

  QueueSpec spec() {
    return spec;
  }

  void resize(long clusterMemoryMb, long clusterVcores) {
    guaranteedMemoryMb = (long) (clusterMemoryMb * spec.capacityPercent() / 100);
    maxMemoryMb = (long) (clusterMemoryMb * spec.maxCapacityPercent() / 100);
    userLimitMemoryMb = Math.min(maxMemoryMb, (long) (guaranteedMemoryMb * spec.userLimitFactor()));
    guaranteedVcores = (long) (clusterVcores * spec.capacityPercent() / 100);
    maxVcores = (long) (clusterVcores * spec.maxCapacityPercent() / 100);
    userLimitVcores = Math.min(maxVcores, (long) (guaranteedVcores * spec.userLimitFactor()));
  }

  /** How served the queue is; the least served queue is offered a node first. */
  double usedShare() {
    return guaranteedMemoryMb == 0 ? Double.MAX_VALUE : (double) usedMemoryMb / guaranteedMemoryMb;
  }

  /**
   * Whether the queue's maximum leaves room for a container this size, and the application (its own
   * user) is not above its user limit. The CapacityScheduler checks the user's use alone against
   * the limit (AbstractLeafQueue#canAssignToUser: "a > check, not a >= check"), so a user may pass
   * its limit by one container; a container larger than what is left under the limit is not stuck.
   */
  boolean canTake(RmApp app, int memoryMb, int vcores, boolean dominant) {
    return usedMemoryMb + memoryMb <= maxMemoryMb && app.usedMemoryMb <= userLimitMemoryMb
        && (!dominant || (usedVcores + vcores <= maxVcores && app.usedVcores <= userLimitVcores));
  }

  boolean hasDemand() {
    return waitingAms > 0 || !demanding.isEmpty();
  }

  /**
   * What the queue's applications wait for, an AM not yet placed included: the CapacityScheduler's
   * pending memory ({@code QueueMetrics#getPendingMB}, which {@code QueueStatistics} reports).
   */
  long pendingMemoryMb() {
    long pending = 0;
    for (RmApp app : demanding.values()) {
      for (var e : app.pendingInOrder()) {
        pending += (long) e.getValue().any() * e.getKey().memoryMb();
      }
    }
    if (waitingAms > 0) {
      for (RmApp app : apps) {
        if (app.waitingForAm()) {
          pending += app.amMemoryMb();
        }
      }
    }
    return pending;
  }

  long overGuarantee() {
    return usedMemoryMb - guaranteedMemoryMb;
  }
}
