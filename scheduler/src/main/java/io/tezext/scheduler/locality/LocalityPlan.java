package io.tezext.scheduler.locality;

import java.util.List;

/**
 * How one task waits for locality: the hosts and racks it prefers (empty: none), and when it may
 * fall back from node to rack and from rack to any container, relative to when it was requested.
 *
 * @param strict never falls back to any container, and YARN is told so (relaxLocality off)
 * @param rackAfterMs from its request, when a container on one of its racks will do
 * @param anyAfterMs from its request, when any container will do; {@link Long#MAX_VALUE}: never
 */
public record LocalityPlan(List<String> hosts, List<String> racks, boolean strict, long rackAfterMs,
    long anyAfterMs) {

  public LocalityPlan {
    hosts = List.copyOf(hosts);
    racks = List.copyOf(racks);
  }

  /** No locality: any container, at once, and YARN is asked for any node. */
  public static LocalityPlan relaxed() {
    return new LocalityPlan(List.of(), List.of(), false, 0, 0);
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
