package io.tezext.scheduler.locality;

import java.util.List;

/**
 * How one task waits for locality, as Spark's {@code TaskSetManager} has it: the hosts and racks it
 * prefers (empty: none) and the levels it may run at, in the order it falls back, each with how long
 * the task waits there before the next is allowed. The last level is where it stays: a plan ending
 * at {@link LocalityLevel#RACK} never takes a container off its racks (and YARN is told so).
 *
 * @param levels at least one, in fallback order, levels strictly increasing
 * @param askedHosts for a task that takes any container at once: the hints YARN is still told (empty: none)
 */
public record LocalityPlan(List<String> hosts, List<String> racks, List<Wait> levels, List<String> askedHosts) {

  /** One level and how long, from reaching it, a task waits there before it may fall back further. */
  public record Wait(LocalityLevel level, long waitMs) {
  }

  public LocalityPlan {
    hosts = List.copyOf(hosts);
    racks = List.copyOf(racks);
    levels = List.copyOf(levels);
    askedHosts = List.copyOf(askedHosts);
    if (levels.isEmpty()) {
      throw new IllegalArgumentException("a locality plan needs at least one level");
    }
    for (int i = 1; i < levels.size(); i++) {
      if (levels.get(i).level().compareTo(levels.get(i - 1).level()) <= 0) {
        throw new IllegalArgumentException("locality levels out of order: " + levels);
      }
    }
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
    return levels.get(0).level() == LocalityLevel.ANY;
  }

  /** Whether the task ever falls back as far as {@code level}. */
  public boolean reaches(LocalityLevel level) {
    return levels.get(levels.size() - 1).level().compareTo(level) >= 0;
  }

  /** The most a task that has waited {@code waitedMs} since its request may fall back to. */
  public LocalityLevel allowed(long waitedMs) {
    long until = 0;
    for (int i = 0; i < levels.size() - 1; i++) {
      until = saturatedSum(until, levels.get(i).waitMs());
      if (waitedMs < until) {
        return levels.get(i).level();
      }
    }
    return levels.get(levels.size() - 1).level();
  }

  /**
   * From its request, when a task at {@code level} may fall back further; {@link Long#MAX_VALUE}
   * when it never does (the last level, or a level this plan does not have).
   */
  public long fallsBackAfterMs(LocalityLevel level) {
    long until = 0;
    for (int i = 0; i < levels.size() - 1; i++) {
      until = saturatedSum(until, levels.get(i).waitMs());
      if (levels.get(i).level() == level) {
        return until;
      }
    }
    return Long.MAX_VALUE;
  }

  private static long saturatedSum(long a, long b) {
    return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
  }
}
