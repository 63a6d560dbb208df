package io.tezext.simulator.cluster;

/** A container as the ResourceManager tracks it, from allocation until it completes. */
public final class RmContainer {
  private final long id;
  private final RmApp app;
  private final RmNode node;
  private final int memoryMb;
  private final int vcores;
  private final int priority;
  private final long allocatedMs;
  private final boolean amContainer;
  private ContainerExit exit;
  private long completedMs = -1;
  /** Neighbours on its node ({@link RmNode} keeps its containers in this list). */
  RmContainer prevOnNode;
  RmContainer nextOnNode;

  RmContainer(long id, RmApp app, RmNode node, int memoryMb, int vcores, int priority, long allocatedMs,
      boolean amContainer) {
    this.id = id;
    this.app = app;
    this.node = node;
    this.memoryMb = memoryMb;
    this.vcores = vcores;
    this.priority = priority;
    this.allocatedMs = allocatedMs;
    this.amContainer = amContainer;
  }

  public long id() {
    return id;
  }

  public RmApp app() {
    return app;
  }

  public RmNode node() {
    return node;
  }

  public String host() {
    return node.host();
  }

  public int memoryMb() {
    return memoryMb;
  }

  public int vcores() {
    return vcores;
  }

  public int priority() {
    return priority;
  }

  public long allocatedMs() {
    return allocatedMs;
  }

  public boolean isAmContainer() {
    return amContainer;
  }

  public boolean isCompleted() {
    return exit != null;
  }

  public ContainerExit exit() {
    return exit;
  }

  public long completedMs() {
    return completedMs;
  }

  void complete(ContainerExit why, long now) {
    if (exit != null) {
      throw new IllegalStateException("container " + id + " completed twice (" + exit + ", then " + why + ")");
    }
    exit = why;
    completedMs = now;
  }

  @Override
  public String toString() {
    return "container " + id + " of " + app.id() + " on " + node.host();
  }
}
