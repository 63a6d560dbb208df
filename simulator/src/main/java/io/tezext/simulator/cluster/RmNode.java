package io.tezext.simulator.cluster;

import java.util.ArrayList;
import java.util.List;

/** A NodeManager as the ResourceManager sees it: capacity, what is allocated on it, alive or lost. */
public final class RmNode {
  private final NodeSpec spec;
  private final int index;
  /** The containers on the node in allocation order, linked through the containers themselves. */
  private RmContainer first;
  private RmContainer last;
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

  /** The containers on the node now, in allocation order. */
  public List<RmContainer> containers() {
    List<RmContainer> list = new ArrayList<>();
    for (RmContainer c = first; c != null; c = c.nextOnNode) {
      list.add(c);
    }
    return list;
  }

  boolean fits(int memoryMb, int vcores, boolean dominant) {
    return memoryMb <= freeMemoryMb() && (!dominant || vcores <= freeVcores());
  }

  void add(RmContainer c) {
    c.prevOnNode = last;
    if (last == null) {
      first = c;
    } else {
      last.nextOnNode = c;
    }
    last = c;
    usedMemoryMb += c.memoryMb();
    usedVcores += c.vcores();
  }

  void remove(RmContainer c) {
    if (c.node() != this || (c.prevOnNode == null && first != c)) {
      throw new IllegalStateException(c + " is not on node " + host());
    }
    if (c.prevOnNode == null) {
      first = c.nextOnNode;
    } else {
      c.prevOnNode.nextOnNode = c.nextOnNode;
    }
    if (c.nextOnNode == null) {
      last = c.prevOnNode;
    } else {
      c.nextOnNode.prevOnNode = c.prevOnNode;
    }
    c.prevOnNode = null;
    c.nextOnNode = null;
    usedMemoryMb -= c.memoryMb();
    usedVcores -= c.vcores();
    if (usedMemoryMb < 0 || usedVcores < 0) {
      throw new IllegalStateException("node " + host() + " resources went negative");
    }
  }

  /** Nodes are keys of per-ask tables the RM consults at every offer: their index is their hash. */
  @Override
  public int hashCode() {
    return index;
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  void markLost() {
    alive = false;
  }
}
