package io.tezext.simulator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the recorder adds up from attempts as they end. */
class RunRecorderTest {

  private static AttemptRecord attempt(long startMs, long endMs, long waitedMs, AttemptOutcome outcome) {
    return new AttemptRecord("d", "v", 0, 0, 1, "h", 0, 0, startMs, endMs, waitedMs, Locality.ANY, false, outcome);
  }

  @Test
  void workLostIsWhatAKilledAttemptDidNotWhatItWaitedFor() {
    RunRecorder recorder = new RunRecorder(false);
    // A map join preempted by the AM 10 s into its container, 7 s of them waiting for its broadcast.
    recorder.attemptEnded(attempt(0, 10_000, 7_000, AttemptOutcome.PREEMPTED_BY_AM));
    // A reducer that waited 4 s for its last producer and succeeded; one killed before it started.
    recorder.attemptEnded(attempt(20_000, 30_000, 4_000, AttemptOutcome.SUCCEEDED));
    recorder.attemptEnded(attempt(-1, 5_000, 0, AttemptOutcome.PREEMPTED_BY_RM));

    RunCounters c = recorder.result("s", "w", 1, new ClusterCapacity(1, 1, 1024, 1), 0, 0, 30_000, 0,
        java.util.List.of(), new RunHealth(RunHealth.End.COMPLETED, 30_000, 0, 0)).counters();
    assertThat(c.workLostMs()).isEqualTo(3_000);
    assertThat(c.workPreemptedMs()).isEqualTo(3_000);
    assertThat(c.waitingInContainersMs()).isEqualTo(11_000);
  }
}
