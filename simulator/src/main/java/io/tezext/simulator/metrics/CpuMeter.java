package io.tezext.simulator.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time of the simulation thread, to charge the scheduler under test for the time spent in its
 * callbacks. A measurement of the host, not of the simulated cluster: it varies run to run and is
 * kept out of everything the determinism guarantee covers.
 */
public final class CpuMeter {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private final boolean enabled;

  public CpuMeter(boolean enabled) {
    this.enabled = enabled && THREADS.isCurrentThreadCpuTimeSupported();
  }

  /** Current thread CPU time in nanoseconds, or 0 when metering is off. */
  public long now() {
    return enabled ? THREADS.getCurrentThreadCpuTime() : 0;
  }
}
