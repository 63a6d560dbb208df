package io.tezext.simulator.cluster;

import java.util.LinkedHashMap;
import java.util.Map;

/** A NodeManager as the ResourceManager sees it: capacity, what is allocated on it, alive or lost. */
public final class RmNode {
  private final NodeSpec spec;
  private final int index;
  private final Map<Long, RmContainer> containers = new LinkedHashMap<>();
  private long usedMemoryMb;
  private int usedVcores;
  private boolean alive = true;

  RmNode(NodeSpec spec, int index) {
    this.spec = spec;
    this.index = index;
  }

  public String host() {
    return spec.host();
  }

  public String rack() {
    return spec.rack();
  }

  public int index() {
    return index;
  }

  public NodeSpec spec() {
    return spec;
  }

  public boolean isAlive() {
    return alive;
  }

  public long freeMemoryMb() {
    return alive ? spec.memoryMb() - usedMemoryMb : 0;
  }

  public int freeVcores() {
    return alive ? spec.vcores() - usedVcores : 0;
  }

  public long usedMemoryMb() {
    return usedMemoryMb;
  }

  public int usedVcores() {
    return usedVcores;
  }

  public Iterable<RmContainer> containers() {
    return containers.values();
  }

  boolean fits(int memoryMb, int vcores, boolean dominant) {
    return memoryMb <= freeMemoryMb() && (!dominant || vcores <= freeVcores());
  }

  void add(RmContainer c) {
    containers.put(c.id(), c);
    usedMemoryMb += c.memoryMb();
    usedVcores += c.vcores();
  }

  void remove(RmContainer c) {
    if (containers.remove(c.id()) == null) {
      throw new IllegalStateException(c + " is not on node " + host());
    }
    usedMemoryMb -= c.memoryMb();
    usedVcores -= c.vcores();
    if (usedMemoryMb < 0 || usedVcores < 0) {
      throw new IllegalStateException("node " + host() + " resources went negative");
    }
  }

  void markLost() {
    alive = false;
  }
}
