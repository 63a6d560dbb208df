package io.tezext.simulator.cluster;

/** What YARN groups container asks by: priority and capability. Lower priority numbers go first. */
public record AskKey(int priority, int memoryMb, int vcores) implements Comparable<AskKey> {

  @Override
  public int compareTo(AskKey o) {
    int c = Integer.compare(priority, o.priority);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(memoryMb, o.memoryMb);
    return c != 0 ? c : Integer.compare(vcores, o.vcores);
  }
}
