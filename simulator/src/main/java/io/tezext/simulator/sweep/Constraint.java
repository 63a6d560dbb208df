package io.tezext.simulator.sweep;

import java.util.Locale;

/**
 * A limit a recommended setting must respect: on {@code figure}, no more than {@code maxWorsePercent}
 * percent worse than the baseline (relative, over the same scenarios, workloads and seeds). For
 * example {@code dag-p95} at 2: the pick's p95 DAG time may be at most 1.02 times the baseline's.
 */
public record Constraint(Objective figure, double maxWorsePercent) {
  public Constraint {
    if (!(maxWorsePercent >= 0) || Double.isInfinite(maxWorsePercent)) {
      throw new IllegalArgumentException("maxWorsePercent must be a number >= 0, was " + maxWorsePercent);
    }
  }

  /** Whether a setting whose figure is {@code relative} times the baseline's meets the limit. */
  public boolean allows(double relative) {
    double limit = maxWorsePercent / 100;
    // a hair of tolerance, so that the baseline itself (exactly 1) always meets a limit of 0
    return figure.lowerIsBetter() ? relative <= 1 + limit + 1e-12 : relative >= 1 - limit - 1e-12;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s no more than %s%% worse than the baseline", figure.label(),
        maxWorsePercent == Math.rint(maxWorsePercent) ? String.valueOf((long) maxWorsePercent)
            : String.valueOf(maxWorsePercent));
  }
}
