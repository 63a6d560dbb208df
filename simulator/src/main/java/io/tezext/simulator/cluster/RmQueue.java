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
  long usedMemoryMb;
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

  void resize(long clusterMemoryMb, double maxAmSharePercent) {
    guaranteedMemoryMb = (long) (clusterMemoryMb * spec.capacityPercent() / 100);
    maxMemoryMb = (long) (clusterMemoryMb * spec.maxCapacityPercent() / 100);
  }

  /** How served the queue is; the least served queue is offered a node first. */
  double usedShare() {
    return guaranteedMemoryMb == 0 ? Double.MAX_VALUE : (double) usedMemoryMb / guaranteedMemoryMb;
  }

  boolean canTake(int memoryMb) {
    return usedMemoryMb + memoryMb <= maxMemoryMb;
  }

  boolean hasDemand() {
    return waitingAms > 0 || !demanding.isEmpty();
  }

  long overGuarantee() {
    return usedMemoryMb - guaranteedMemoryMb;
  }
}
