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

  /** Whether the queue's maximum and the application's user limit leave room for a container this size. */
  boolean canTake(RmApp app, int memoryMb, int vcores, boolean dominant) {
    return usedMemoryMb + memoryMb <= maxMemoryMb && app.usedMemoryMb + memoryMb <= userLimitMemoryMb
        && (!dominant || (usedVcores + vcores <= maxVcores && app.usedVcores + vcores <= userLimitVcores));
  }

  boolean hasDemand() {
    return waitingAms > 0 || !demanding.isEmpty();
  }

  long overGuarantee() {
    return usedMemoryMb - guaranteedMemoryMb;
  }
}
