package io.tezext.scheduler.locality;

import java.util.List;

/**
 * How one task waits for locality, as Spark's {@code TaskSetManager} has it: the hosts and racks it
 * prefers (empty: none) and the levels it may run at, in the order it falls back, each with how long
 * the task waits there before the next is allowed. The last level is where it stays: a plan ending
 * at {@link LocalityLevel#RACK} never takes a container off its racks (and YARN is told so).
 * Immutable.
 */
public final class LocalityPlan {
  /** One level and how long, from reaching it, a task waits there before it may fall back further. */
  public record Wait(LocalityLevel level, long waitMs) {
  }

  private final List<String> hosts;
  private final List<String> racks;
  private final List<Wait> levels;
  private final List<String> askedHosts;
  // Read for every waiting request at every heartbeat: the levels and, from the request, when each ends.
  private final LocalityLevel[] level;
  private final long[] endsAfterMs;

  public LocalityPlan(List<String> hosts, List<String> racks, List<Wait> levels, List<String> askedHosts) {
    this.hosts = List.copyOf(hosts);
    this.racks = List.copyOf(racks);
    this.levels = List.copyOf(levels);
    this.askedHosts = List.copyOf(askedHosts);
    if (levels.isEmpty()) {
      throw new IllegalArgumentException("a locality plan needs at least one level");
    }
    level = new LocalityLevel[levels.size()];
    endsAfterMs = new long[levels.size()];
    long until = 0;
    for (int i = 0; i < levels.size(); i++) {
      level[i] = levels.get(i).level();
      if (i > 0 && level[i].compareTo(level[i - 1]) <= 0) {
        throw new IllegalArgumentException("locality levels out of order: " + levels);
      }
      until = i == levels.size() - 1 ? Long.MAX_VALUE : saturatedSum(until, levels.get(i).waitMs());
      endsAfterMs[i] = until;
    }
  }

  public List<String> hosts() {
    return hosts;
  }

  public List<String> racks() {
    return racks;
  }

  /** The levels in fallback order, each with its wait. */
  public List<Wait> levels() {
    return levels;
  }

  /** For a task that takes any container at once: the hints YARN is still told (empty: none). */
  public List<String> askedHosts() {
    return askedHosts;
  }

  /** No locality: any container, at once, and YARN is asked for any node. */
  public static LocalityPlan relaxed() {
    return anywhere(List.of());
  }

  /**
   * Any container, at once, but YARN is still asked for the hinted hosts (and so, by its client,
   * their racks). A CapacityScheduler assigns an ask that names no place off-switch, at most one
   * such container per node heartbeat; one naming a rack that holds nodes (an object store's
   * {@code localhost} on a cluster of one default rack) it assigns rack-local, several per heartbeat.
   */
  public static LocalityPlan anywhere(List<String> hints) {
    return new LocalityPlan(List.of(), List.of(), List.of(new Wait(LocalityLevel.ANY, 0)), hints);
  }

  /** Its nodes for {@code nodeWaitMs}, then its racks for {@code rackWaitMs}, then any node. */
  public static LocalityPlan delay(List<String> hosts, List<String> racks, long nodeWaitMs, long rackWaitMs) {
    return new LocalityPlan(hosts, racks, List.of(new Wait(LocalityLevel.NODE, nodeWaitMs),
        new Wait(LocalityLevel.RACK, rackWaitMs), new Wait(LocalityLevel.ANY, 0)), List.of());
  }

  /** Its nodes for {@code nodeWaitMs}, then its racks, never any other node. */
  public static LocalityPlan strict(List<String> hosts, List<String> racks, long nodeWaitMs) {
    return new LocalityPlan(hosts, racks, List.of(new Wait(LocalityLevel.NODE, nodeWaitMs),
        new Wait(LocalityLevel.RACK, Long.MAX_VALUE)), List.of());
  }

  /** Whether the task takes any container from the start (it names no place worth waiting for). */
  public boolean isRelaxed() {
    return level[0] == LocalityLevel.ANY;
  }

  /** Whether the task ever falls back as far as {@code level}. */
  public boolean reaches(LocalityLevel to) {
    return level[level.length - 1].compareTo(to) >= 0;
  }

  /** The most a task that has waited {@code waitedMs} since its request may fall back to. */
  public LocalityLevel allowed(long waitedMs) {
    int i = 0;
    while (i < level.length - 1 && waitedMs >= endsAfterMs[i]) {
      i++;
    }
    return level[i];
  }

  /**
   * From its request, when a task at {@code at} may fall back further; {@link Long#MAX_VALUE} when
   * it never does (the last level, or a level this plan does not have).
   */
  public long fallsBackAfterMs(LocalityLevel at) {
    for (int i = 0; i < level.length; i++) {
      if (level[i] == at) {
        return endsAfterMs[i];
      }
    }
    return Long.MAX_VALUE;
  }

  private static long saturatedSum(long a, long b) {
    return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
  }

  @Override
  public String toString() {
    return "plan " + levels + " for hosts " + hosts + ", racks " + racks
        + (askedHosts.isEmpty() ? "" : ", asking for " + askedHosts);
  }
}
