package io.tezext.bench;

import io.tezext.testkit.SuppressForbidden;

/** The wall clock a benchmark times its contenders with. */
public final class Stopwatch {
  private Stopwatch() {
  }

  @SuppressForbidden("a benchmark times real reads and real split generation")
  public static long nanos() {
    return System.nanoTime();
  }
}
