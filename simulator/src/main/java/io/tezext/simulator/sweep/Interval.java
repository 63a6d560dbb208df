package io.tezext.simulator.sweep;

/**
 * A mean over seeds with its 95% confidence interval (Student's t), or none when the seeds cannot
 * give one: a single seed, or seeds that do not change the runs (a replayed history whose seed
 * only places replicas it does not have): an interval of zero width there would claim a certainty
 * the seeds never tested.
 *
 * @param mean the mean
 * @param low the interval's lower end, NaN when there is none
 * @param high its upper end, NaN when there is none
 * @param n how many seeds
 */
public record Interval(double mean, double low, double high, int n) {
  /** Two-sided 95% critical values of Student's t for 1 to 30 degrees of freedom. */
  private static final double[] T95 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
      2.056, 2.052, 2.048, 2.045, 2.042};

  public boolean hasInterval() {
    return !Double.isNaN(low);
  }

  /** The mean of {@code values} with a t-interval when {@code withInterval} and there are two or more. */
  public static Interval of(double[] values, boolean withInterval) {
    int n = values.length;
    double mean = mean(values);
    if (n < 2 || !withInterval) {
      return new Interval(mean, Double.NaN, Double.NaN, n);
    }
    double half = t95(n - 1) * standardDeviation(values) / Math.sqrt(n);
    return new Interval(mean, mean - half, mean + half, n);
  }

  /** The sample standard deviation of {@code values}; NaN with fewer than two. */
  public static double standardDeviation(double[] values) {
    int n = values.length;
    if (n < 2) {
      return Double.NaN;
    }
    double mean = mean(values);
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    return Math.sqrt(ss / (n - 1));
  }

  /** Shifted by {@code delta} (a difference from the baseline made a ratio to it). */
  Interval plus(double delta) {
    return new Interval(mean + delta, low + delta, high + delta, n);
  }

  static double t95(int degreesOfFreedom) {
    return degreesOfFreedom <= T95.length ? T95[degreesOfFreedom - 1] : 1.960 + 2.4 / degreesOfFreedom;
  }

  static double mean(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
