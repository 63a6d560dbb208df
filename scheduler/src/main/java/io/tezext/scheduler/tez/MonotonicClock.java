package io.tezext.scheduler.tez;

import java.util.function.LongSupplier;

import io.tezext.scheduler.SuppressForbidden;

/** The scheduler's clock in a real AM: monotonic milliseconds, unaffected by wall-clock changes. */
final class MonotonicClock implements LongSupplier {
  @Override
  @SuppressForbidden("the production clock the policy is given; the policy itself never reads time")
  public long getAsLong() {
    return System.nanoTime() / 1_000_000;
  }
}
