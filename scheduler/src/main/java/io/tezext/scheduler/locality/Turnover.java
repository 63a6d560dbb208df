package io.tezext.scheduler.locality;

import java.util.HashMap;
import java.util.Map;

/**
 * How often this AM's containers free up, per host and per rack: an exponentially weighted mean of
 * the interval between one task leaving a container there and the next. It says how long a task
 * preferring some hosts can expect to wait for one of them to offer a warm container.
 */
public final class Turnover {
  /** Weight of the newest interval. */
  private static final double ALPHA = 0.2;

  private final Map<String, Mean> byHost = new HashMap<>();
  private final Map<String, Mean> byRack = new HashMap<>();

  /** A container on {@code host} (on {@code rack}) was freed at {@code nowMs}. */
  public void freed(String host, String rack, long nowMs) {
    byHost.computeIfAbsent(host, h -> new Mean()).observe(nowMs);
    byRack.computeIfAbsent(rack, r -> new Mean()).observe(nowMs);
  }

  /** Expected milliseconds until one of {@code hosts} frees a container, or -1 with no evidence yet. */
  public long expectedHostWaitMs(Iterable<String> hosts) {
    return expected(byHost, hosts);
  }

  /** Expected milliseconds until one of {@code racks} frees a container, or -1 with no evidence yet. */
  public long expectedRackWaitMs(Iterable<String> racks) {
    return expected(byRack, racks);
  }

  private static long expected(Map<String, Mean> means, Iterable<String> places) {
    double rate = 0; // frees per millisecond, over the places
    for (String p : places) {
      Mean m = means.get(p);
      if (m != null && m.intervalMs > 0) {
        rate += 1.0 / m.intervalMs;
      }
    }
    return rate == 0 ? -1 : Math.round(1.0 / rate);
  }

  private static final class Mean {
    private long lastMs = -1;
    private double intervalMs;

    void observe(long nowMs) {
      if (lastMs >= 0) {
        double interval = Math.max(1, nowMs - lastMs);
        intervalMs = intervalMs == 0 ? interval : ALPHA * interval + (1 - ALPHA) * intervalMs;
      }
      lastMs = nowMs;
    }
  }
}
