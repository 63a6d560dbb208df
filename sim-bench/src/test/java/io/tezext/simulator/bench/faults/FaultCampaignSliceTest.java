package io.tezext.simulator.bench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.bench.faults.FaultCampaign.CaseResult;
import io.tezext.simulator.bench.faults.FaultCampaign.Tally;

/**
 * A 50-case slice of {@code bench/run sched-faults}: with lost nodes, failing containers, the RM
 * preempting, headroom that lies and every locality mode, our scheduler finishes every DAG, loses no
 * task and leaks no container. (DagAware's figures are the benchmark's to report, not this test's.)
 */
class FaultCampaignSliceTest {

  @Test
  void tezextNeverHangsLosesTasksOrLeaksContainers() {
    List<Long> seeds = LongStream.rangeClosed(1, 50).boxed().toList();
    List<CaseResult> results = FaultCampaign.run(seeds, Runtime.getRuntime().availableProcessors(), done -> { });
    Tally tezext = FaultCampaign.tally(results, true);
    assertThat(tezext.badCases()).as("cases where tezext hung, ran out of time, lost tasks or leaked containers "
        + "(replay one with bench/run sched-faults --case SEED)").isEmpty();
    assertThat(tezext.runs()).isEqualTo(50);
  }

  @Test
  void aCaseIsDrawnTheSameFromItsSeed() {
    FaultCase a = FaultCase.draw(42);
    FaultCase b = FaultCase.draw(42);
    assertThat(b.description()).isEqualTo(a.description());
    assertThat(b.workload()).isEqualTo(a.workload());
    assertThat(b.scenario()).isEqualTo(a.scenario());
    assertThat(FaultCase.draw(43).description()).isNotEqualTo(a.description());
  }
}
