package io.tezext.bench.reader;

import io.tezext.testkit.SuppressForbidden;

/** The wall clock a benchmark times reads with. */
final class Stopwatch {
  private Stopwatch() {
  }

  @SuppressForbidden("a benchmark times real reads")
  static long nanos() {
    return System.nanoTime();
  }
}
