package io.tezext.simulator.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

public class RunFiguresTest {

  /** Three DAGs, hand-made: completion times 10 s, 20 s, 40 s; one failed DAG of 100 s. */
  public static RunResult smallRun(String scheduler) {
    List<DagRecord> dags = List.of(
        new DagRecord("a", "a", "q", 0, 1_000, 10_000, 2, 8_000, 8_000L * 1024, 6_000, true),
        new DagRecord("b", "b", "q", 5_000, 6_000, 25_000, 1, 12_000, 12_000L * 1024, 12_000, true),
        new DagRecord("c", "c", "q", 10_000, 11_000, 50_000, 1, 30_000, 30_000L * 1024, 30_000, true),
        new DagRecord("d", "d", "q", 20_000, 21_000, 120_000, 1, 1_000, 1_000L * 1024, 1_000, false));
    List<AttemptRecord> attempts = List.of(
        attempt(Locality.NODE_LOCAL, AttemptOutcome.SUCCEEDED),
        attempt(Locality.NODE_LOCAL, AttemptOutcome.SUCCEEDED),
        attempt(Locality.RACK_LOCAL, AttemptOutcome.SUCCEEDED),
        attempt(Locality.OFF_SWITCH, AttemptOutcome.SUCCEEDED),
        attempt(Locality.ANY, AttemptOutcome.SUCCEEDED),
        attempt(Locality.NODE_LOCAL, AttemptOutcome.PREEMPTED_BY_AM));
    List<UtilizationSample> utilization = List.of(new UtilizationSample(0, 0.5, 0.25, 0.4),
        new UtilizationSample(60_000, 0.7, 0.35, 0.6));
    long capacityMbMs = 2048L * 7_200_000;
    RunCounters counters = new RunCounters(6, 5, 2, 1, 1, 4, 2, 1, 0, 3_000, 1_000, 0, capacityMbMs * 6 / 10,
        capacityMbMs / 2, capacityMbMs, 1_000, 7_200_000);
    return new RunResult(scheduler, "w", 1, new ClusterCapacity(2, 1, 2048, 4), dags, attempts, List.of(),
        utilization, counters, new HostCosts(7_200_000_000L, 1_000_000_000L, 2_000_000_000L), List.of(),
        new RunHealth(RunHealth.End.COMPLETED, 7_200_000, 0, 0));
  }

  private static AttemptRecord attempt(Locality locality, AttemptOutcome outcome) {
    return new AttemptRecord("a", "v", 0, 0, 1, "h", 0, 0, 0, 1, 0, locality, false, outcome);
  }

  @Test
  void figuresMatchTheHandComputation() {
    RunFigures f = RunFigures.of(smallRun("x"));

    assertThat(f.get("dags").value()).isEqualTo(4);
    assertThat(f.get("dags_failed").value()).isEqualTo(1);
    assertThat(f.get("tasks_succeeded").value()).isEqualTo(5);
    assertThat(f.get("makespan_s").value()).isEqualTo(120.0); // last finish 120 s - first arrival 0
    assertThat(f.get("dag_mean_s").value()).isCloseTo(70.0 / 3, within(1e-9)); // failed DAG excluded
    assertThat(f.get("dag_median_s").value()).isEqualTo(20.0);
    assertThat(f.get("dag_p95_s").value()).isEqualTo(40.0); // nearest rank: ceil(0.95 * 3) = 3rd
    // Path bound: max(0+6, 5+12, 10+30, 20+1) = 40 s; work bound: (51000 ms * 1024 MB) / 2048 MB = 25.5 s.
    assertThat(f.get("lower_bound_s").value()).isEqualTo(40.0);
    assertThat(f.get("makespan_over_bound").value()).isEqualTo(3.0);
    assertThat(f.get("node_local").value()).isEqualTo(0.5); // 2 of the 4 succeeded attempts with a preference
    assertThat(f.get("rack_local").value()).isEqualTo(0.25);
    assertThat(f.get("off_switch").value()).isEqualTo(0.25);
    assertThat(f.get("work_lost_task_s").value()).isEqualTo(3.0);
    assertThat(f.get("memory_allocated").value()).isCloseTo(0.6, within(1e-9));
    assertThat(f.get("memory_busy").value()).isCloseTo(0.5, within(1e-9));
    assertThat(f.get("scheduler_cpu_ms_per_sim_hour").value()).isEqualTo(3_600.0); // 7.2 s CPU over 2 h
    assertThat(f.get("speedup_vs_realtime").value()).isEqualTo(3_600.0); // 2 h in 2 s
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwoAndPercentilesOfNothingAreZero() {
    assertThat(RunFigures.median(new long[] {1, 2, 3, 10})).isEqualTo(2.5);
    assertThat(RunFigures.median(new long[] {7})).isEqualTo(7);
    assertThat(RunFigures.nearestRank(new long[] {}, 0.95)).isZero();
    assertThat(RunFigures.nearestRank(new long[] {5}, 0.95)).isEqualTo(5);
  }
}
