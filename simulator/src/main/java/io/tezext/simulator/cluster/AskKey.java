package io.tezext.simulator.cluster;

/**
 * What YARN groups container asks by: priority, allocation request id and capability. Lower
 * priority numbers go first, then lower request ids, as the CapacityScheduler orders its scheduler
 * keys. An AM that needs asks with different locality relaxation at one priority files them under
 * different request ids, since YARN allows only one relaxation per priority, id and location.
 */
public record AskKey(int priority, long requestId, int memoryMb, int vcores) implements Comparable<AskKey> {

  /** An ask with the default request id (0), as most AMs send. */
  public AskKey(int priority, int memoryMb, int vcores) {
    this(priority, 0, memoryMb, vcores);
  }

  @Override
  public int compareTo(AskKey o) {
    int c = Integer.compare(priority, o.priority);
    if (c != 0) {
      return c;
    }
    c = Long.compare(requestId, o.requestId);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(memoryMb, o.memoryMb);
    return c != 0 ? c : Integer.compare(vcores, o.vcores);
  }
}
