package io.tezext.simulator.report.html;

/** The unit a time axis counts in, chosen so that a span reads in round numbers. */
record TimeUnit(String name, double ms) {

  static TimeUnit forSpan(long spanMs) {
    if (spanMs <= 5 * 60_000L) {
      return new TimeUnit("s", 1_000);
    }
    if (spanMs <= 5 * 3_600_000L) {
      return new TimeUnit("min", 60_000);
    }
    return new TimeUnit("h", 3_600_000);
  }

  double of(long ms) {
    return ms / this.ms;
  }
}
