package io.tezext.simulator.metrics;

import io.tezext.simulator.SuppressForbidden;

/** Host time, only to report how fast the simulator ran; never read by simulated logic. */
public final class WallClock {
  private WallClock() {
  }

  @SuppressForbidden("measures the simulator's own speed (wall_s, speedup), never a simulated decision")
  public static long nanos() {
    return System.nanoTime();
  }
}
