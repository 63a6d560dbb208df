package io.tezext.schedreal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class RunSummaryTest {
  @Test
  void theMachineIsTheCoresAndTheLoadTheManifestsRecorded() {
    Map<String, Object> machine = RunSummary.machine(List.of(run(new RunManifest.Machine(2, 1.0, 3.0)),
        run(new RunManifest.Machine(2, 2.0, 20.0)), run(null)));

    assertThat(machine).containsEntry("runs_recorded", 2).containsEntry("cores", 2)
        .containsEntry("load_average_min", 1.0).containsEntry("load_average_median", 3.0)
        .containsEntry("load_average_max", 20.0);
  }

  @Test
  void runsRecordedBeforeTheMachineWasKeptSaySo() {
    assertThat(RunSummary.machine(List.of(run(null)))).containsEntry("runs_recorded", 0).containsEntry("cores", null)
        .doesNotContainKey("load_average_median");
  }

  private static RunManifest run(RunManifest.Machine machine) {
    return new RunManifest("sched-real", "pair-00-tezext", 0, 0, "tezext", "tezext", null, null, null, List.of(),
        machine, null);
  }
}
