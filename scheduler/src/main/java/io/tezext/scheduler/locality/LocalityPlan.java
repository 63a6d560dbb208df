package io.tezext.scheduler.locality;

import java.util.List;

/**
 * How one task waits for locality: the hosts and racks it prefers (empty: none), and when it may
 * fall back from node to rack and from rack to any container, relative to when it was requested.
 *
 * @param strict never falls back to any container, and YARN is told so (relaxLocality off)
 * @param rackAfterMs from its request, when a container on one of its racks will do
 * @param anyAfterMs from its request, when any container will do; {@link Long#MAX_VALUE}: never
 * @param askedHosts for a task that takes any container: the hints YARN is still told (empty: none)
 */
public record LocalityPlan(List<String> hosts, List<String> racks, boolean strict, long rackAfterMs,
    long anyAfterMs, List<String> askedHosts) {

  public LocalityPlan {
    hosts = List.copyOf(hosts);
    racks = List.copyOf(racks);
    askedHosts = List.copyOf(askedHosts);
  }

  public LocalityPlan(List<String> hosts, List<String> racks, boolean strict, long rackAfterMs, long anyAfterMs) {
    this(hosts, racks, strict, rackAfterMs, anyAfterMs, List.of());
  }

  /** No locality: any container, at once, and YARN is asked for any node. */
  public static LocalityPlan relaxed() {
    return new LocalityPlan(List.of(), List.of(), false, 0, 0);
  }

  /**
   * Any container, at once, but YARN is still asked for the hinted hosts (and so, by its client,
   * their racks). A CapacityScheduler assigns an ask that names no place off-switch, at most one
   * such container per node heartbeat; one naming a rack that holds nodes (an object store's
   * {@code localhost} on a cluster of one default rack) it assigns rack-local, several per heartbeat.
   */
  public static LocalityPlan anywhere(List<String> hints) {
    return new LocalityPlan(List.of(), List.of(), false, 0, 0, hints);
  }

  public boolean isRelaxed() {
    return hosts.isEmpty() && racks.isEmpty();
  }

  /** The most a task that has waited {@code waitedMs} may fall back to. */
  public LocalityLevel allowed(long waitedMs) {
    if (isRelaxed() || waitedMs >= anyAfterMs) {
      return LocalityLevel.ANY;
    }
    return waitedMs >= rackAfterMs ? LocalityLevel.RACK : LocalityLevel.NODE;
  }
}
