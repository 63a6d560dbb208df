package io.tezext.simulator.workload.synthetic;

import java.util.List;
import java.util.Map;

/**
 * What the synthetic generator produces. Every field is validated with a message naming it.
 *
 * @param dags number of DAG submissions
 * @param meanInterArrivalMs mean gap between arrivals (Poisson process: exponential gaps)
 * @param shapeWeights relative frequency of each {@link DagShape}
 * @param minRootTasks fewest tasks of a scan vertex
 * @param maxRootTasks most tasks of a scan vertex (drawn log-uniformly between the two)
 * @param medianTaskMs median task duration across vertices
 * @param durationSigma lognormal sigma of task durations within a vertex (skew); 0 = all equal
 * @param objectStoreFraction share of scans reading object storage (no locality) instead of HDFS
 * @param sessions Hive sessions the DAGs are spread over round-robin; 0 = an AM per DAG
 * @param queues YARN queues the DAGs are spread over round-robin
 */
public record SyntheticOptions(
    int dags,
    long meanInterArrivalMs,
    Map<DagShape, Double> shapeWeights,
    int minRootTasks,
    int maxRootTasks,
    long medianTaskMs,
    double durationSigma,
    double objectStoreFraction,
    int sessions,
    List<String> queues) {

  public static final Map<DagShape, Double> TPCDS_MIX = Map.of(
      DagShape.SCAN_AGGREGATE, 0.30, DagShape.MULTI_JOIN, 0.35, DagShape.UNION, 0.10,
      DagShape.MAP_ONLY, 0.10, DagShape.PIPELINE, 0.15);

  public static final SyntheticOptions DEFAULTS =
      new SyntheticOptions(200, 30_000, TPCDS_MIX, 4, 200, 20_000, 0.8, 0.3, 0, List.of("default"));

  public SyntheticOptions {
    check(dags > 0, "dags must be positive, was " + dags);
    check(meanInterArrivalMs >= 0, "meanInterArrivalMs must be >= 0, was " + meanInterArrivalMs);
    shapeWeights = Map.copyOf(shapeWeights);
    check(!shapeWeights.isEmpty() && shapeWeights.values().stream().allMatch(w -> w >= 0)
        && shapeWeights.values().stream().mapToDouble(Double::doubleValue).sum() > 0,
        "shapeWeights must be non-negative and not all zero, were " + shapeWeights);
    check(minRootTasks > 0 && maxRootTasks >= minRootTasks,
        "root tasks must satisfy 0 < minRootTasks <= maxRootTasks, were " + minRootTasks + " and " + maxRootTasks);
    check(medianTaskMs > 0, "medianTaskMs must be positive, was " + medianTaskMs);
    check(durationSigma >= 0 && durationSigma <= 3, "durationSigma must be in [0, 3], was " + durationSigma);
    check(objectStoreFraction >= 0 && objectStoreFraction <= 1,
        "objectStoreFraction must be in [0, 1], was " + objectStoreFraction);
    check(sessions >= 0, "sessions must be >= 0, was " + sessions);
    queues = List.copyOf(queues);
    check(!queues.isEmpty(), "queues must name at least one queue");
  }

  public SyntheticOptions withDags(int n) {
    return new SyntheticOptions(n, meanInterArrivalMs, shapeWeights, minRootTasks, maxRootTasks, medianTaskMs,
        durationSigma, objectStoreFraction, sessions, queues);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException("synthetic workload: " + message);
    }
  }
}
