package io.tezext.simulator.workload.synthetic;

import java.util.SplittableRandom;

/**
 * The random draws synthetic workloads are made of, each from one seeded source so that a seed
 * gives the same workload on every run: gaps between arrivals and think times (exponential),
 * task durations (lognormal), task counts (log-uniform).
 */
public final class Draws {
  private Draws() {
  }

  /** Exponential with this mean, rounded to whole milliseconds: a Poisson process's gap. */
  public static long exponentialMs(SplittableRandom random, long meanMs) {
    return Math.round(-Math.log(1 - random.nextDouble()) * meanMs);
  }

  /** Standard normal (Box-Muller; two uniform draws). */
  static double gaussian(SplittableRandom random) {
    double u1 = 1 - random.nextDouble();
    double u2 = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** Log-uniform between {@code lo} and {@code hi}, both included: many small, a few large. */
  static int logUniform(SplittableRandom random, long lo, long hi) {
    double l = Math.log(lo);
    double h = Math.log(hi + 1);
    return (int) Math.min(hi, (long) Math.exp(l + random.nextDouble() * (h - l)));
  }
}
