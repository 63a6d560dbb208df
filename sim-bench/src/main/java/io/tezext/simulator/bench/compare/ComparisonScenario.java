package io.tezext.simulator.bench.compare;

import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.workload.Workload;

/**
 * One named situation the schedulers are compared in: a scenario and a workload for each seed.
 *
 * @param name the key it goes by in the benchmark's JSON
 * @param contended whether the cluster is busy enough that the scheduler's choices decide waiting
 * @param hdfs whether its scans read HDFS, so node locality counts
 * @param preemption whether it needs the AM to preempt (its lost work is compared)
 */
public record ComparisonScenario(String name, String description, boolean contended, boolean hdfs,
    boolean preemption, Builder builder) {

  /** The scenario and workload of one seed. */
  public Run build(long seed) {
    return builder.build(seed);
  }

  /** A scenario and the workload replayed on it. */
  public record Run(Scenario scenario, Workload workload) {
  }

  @FunctionalInterface
  public interface Builder {
    Run build(long seed);
  }
}
