package io.tezext.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.cluster.Topology;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.scheduler.SchedulerClasses;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * Runs repeat exactly without any JVM flag: on fresh threads, several at once, while other threads
 * load every core and keep creating threads (which moves the JVM's identity-hash state).
 */
class ReproducibilityTest {
  private static final Scenario SCENARIO = ScenarioFile.read(Path.of("scenarios/reference.json"), 7);
  /** Sessions and a busy cluster: DagAware reuses containers, choosing among idle ones from hash sets. */
  private static final Workload WORKLOAD = SyntheticWorkloads.generate(
      new SyntheticOptions(24, 15_000, SyntheticOptions.TPCDS_MIX, 8, 300, 30_000, 0.8, 0.3, 4, List.of("default")),
      SCENARIO.cluster().hosts(), 7);

  private static RunResult simulate() {
    return simulate(RunOptions.DEFAULT);
  }

  private static RunResult simulate(RunOptions options) {
    return new Simulation(SCENARIO, WORKLOAD, SchedulerSpec.parse("dagaware"), options).run();
  }

  private static void assertSameRecords(RunResult actual, RunResult expected) {
    assertThat(actual.attempts()).isEqualTo(expected.attempts());
    assertThat(actual.dags()).isEqualTo(expected.dags());
    assertThat(actual.containers()).isEqualTo(expected.containers());
    assertThat(actual.utilization()).isEqualTo(expected.utilization());
  }

  @Test
  void runsSharingTheSchedulersClassesRepeatExactlyOneAfterAnotherAndAtOnce() throws Exception {
    RunResult own = simulate();
    SchedulerClasses shared = new SchedulerClasses(Topology.of(SCENARIO.cluster()));
    RunOptions sharing = RunOptions.DEFAULT.sharing(shared);

    assertSameRecords(simulate(sharing), own);
    assertSameRecords(simulate(sharing), own); // the same thread, its hash sequence restarted
    ExecutorService runs = Executors.newFixedThreadPool(2);
    try {
      Future<RunResult> first = runs.submit(() -> simulate(sharing));
      Future<RunResult> second = runs.submit(() -> simulate(sharing));
      assertSameRecords(first.get(), own);
      assertSameRecords(second.get(), own);
    } finally {
      runs.shutdownNow();
    }
  }

  @Test
  void runsRepeatExactlyInParallelAndUnderCpuLoad() throws Exception {
    RunResult reference = simulate();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> load = new ArrayList<>();
    for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
      Thread t = new Thread(() -> {
        long spin = 0;
        while (!stop.get()) {
          spin++;
          if ((spin & 0xFFFF) == 0) {
            Thread shortLived = new Thread(() -> System.identityHashCode(new Object()));
            shortLived.start();
          }
        }
      });
      t.setDaemon(true);
      t.start();
      load.add(t);
    }
    ExecutorService runs = Executors.newFixedThreadPool(3);
    try {
      List<Future<RunResult>> repeats = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        repeats.add(runs.submit(() -> simulate()));
      }
      for (Future<RunResult> repeat : repeats) {
        assertSameRecords(repeat.get(), reference);
      }
    } finally {
      stop.set(true);
      runs.shutdownNow();
      for (Thread t : load) {
        t.join();
      }
    }
    assertThat(reference.counters().containersReused()).as("the workload exercises container reuse").isPositive();
  }
}
