package io.tezext.simulator.cluster;

/** A container as the ResourceManager tracks it, from allocation until it completes. */
public final class RmContainer {
  private final long id;
  private final RmApp app;
  private final RmNode node;
  private final AskKey key;
  private final long allocatedMs;
  private final boolean amContainer;
  private ContainerExit exit;
  private long completedMs = -1;
  /** Neighbours on its node ({@link RmNode} keeps its containers in this list). */
  RmContainer prevOnNode;
  RmContainer nextOnNode;

  RmContainer(long id, RmApp app, RmNode node, AskKey key, long allocatedMs, boolean amContainer) {
    this.id = id;
    this.app = app;
    this.node = node;
    this.key = key;
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
    return key.memoryMb();
  }

  public int vcores() {
    return key.vcores();
  }

  public int priority() {
    return key.priority();
  }

  /** The allocation request id of the ask it was given for. */
  public long requestId() {
    return key.requestId();
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
