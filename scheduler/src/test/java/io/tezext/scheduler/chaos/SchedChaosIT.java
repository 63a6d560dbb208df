package io.tezext.scheduler.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.testkit.CapacityQueue;
import io.tezext.testkit.RmPreemption;
import io.tezext.testkit.TezTestCluster;

/**
 * Faults on a real Tez-on-YARN cluster while a DAG runs in a session, with our scheduler and with
 * Tez's DagAware: a NodeManager stopped, a task container killed, the session's queue preempted by
 * the RM for an application in the other queue, the AM killed with recovery on ({@link Fault}). Every
 * DAG must end within {@link ChaosRun#DAG_BOUND}, succeed with the exact answer or fail saying why,
 * and leave no container process behind once its session has closed.
 *
 * <p>{@code mvn verify} runs a slice: each fault once, with our scheduler. {@code bench/run
 * sched-chaos} runs the campaign ({@code -Dtezext.chaos.seeds=N}: N seeds, each with both schedulers)
 * and writes its runs and figures to {@code target/sched-chaos.txt}, the JSON line last.
 */
class SchedChaosIT {
  static final String OURS = "tezext";
  static final String BASELINE = "dagaware";
  private static final Map<String, String> SCHEDULERS = Map.of(
      OURS, "io.tezext.scheduler.tez.TezextTaskScheduler",
      BASELINE, "org.apache.tez.dag.app.rm.DagAwareYarnTaskScheduler");
  private static final String SEEDS = "tezext.chaos.seeds";

  /**
   * Three NodeManagers of 1 GB: the session's AM and tasks of {@value ChaosRun#TASK_MB} MB fill the
   * cluster, twice its queue's half, so a competitor in the other queue gets its half back by
   * preemption. The
   * RM's monitor is quicker than YARN's defaults (every second, a marked container killed 2 s later,
   * no dead zone) so that it acts within a DAG's time; a stopped NodeManager that did not say goodbye
   * is declared lost after 20 s instead of 10 minutes.
   */
  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder()
      .nodeManagers(3)
      .nodeMemoryMb(1024)
      .queue(CapacityQueue.elastic("session", 50))
      .queue(CapacityQueue.elastic("batch", 50))
      .rmPreemption(new RmPreemption(1_000, 2_000, 0.5, 0.0, 1.0))
      .set("yarn.nm.liveness-monitor.expiry-interval-ms", "20000")
      .build();

  @Test
  @DisabledIfSystemProperty(named = SEEDS, matches = ".+")
  void ourSchedulerEndsEveryDagExactlyOrSayingWhyAndLeavesNoContainerThroughEachFault() throws Exception {
    ChaosTally tally = new ChaosTally();
    // Seeds 1-4 are each fault once; the NodeManager's stop comes last, as it leaves the cluster smaller.
    for (long seed = 1; seed <= 4; seed++) {
      ChaosRun.Outcome o = new ChaosRun(CLUSTER, OURS, SCHEDULERS.get(OURS), seed).run();
      System.out.println(ChaosTally.line(o));
      tally.add(o);
    }
    List<ChaosRun.Outcome> ours = tally.of(OURS);
    assertThat(ours).allSatisfy(o -> {
      assertThat(o.hung()).as(ChaosTally.line(o)).isFalse();
      assertThat(o.wrongAnswer()).as(ChaosTally.line(o)).isNull();
      assertThat(o.diagnosed()).as(ChaosTally.line(o)).isTrue();
      assertThat(o.leaked()).as(ChaosTally.line(o)).isEmpty();
    });
    assertThat(ours).as("faults that landed").filteredOn(ChaosRun.Outcome::faultLanded).hasSizeGreaterThan(2);
  }

  @Test
  @EnabledIfSystemProperty(named = SEEDS, matches = "[1-9][0-9]*")
  void campaign() throws Exception {
    long seeds = Long.getLong(SEEDS);
    ChaosTally tally = new ChaosTally();
    Path report = Path.of("target", "sched-chaos.txt");
    Files.writeString(report, ""); // a line per run as it ends: a campaign cut short keeps what it found
    int clusters = 1;
    for (long seed = 1; seed <= seeds; seed++) {
      // Both schedulers meet the same fault at the same time; which goes first alternates.
      List<String> order = seed % 2 == 0 ? List.of(OURS, BASELINE) : List.of(BASELINE, OURS);
      for (String scheduler : order) {
        ChaosRun run = new ChaosRun(CLUSTER, scheduler, SCHEDULERS.get(scheduler), seed);
        ChaosRun.Outcome o = run.run();
        tally.add(o);
        Files.writeString(report, ChaosTally.line(o) + "\n", java.nio.file.StandardOpenOption.APPEND);
        System.out.println(ChaosTally.line(o));
        if (run.fault() == Fault.NODE_MANAGER_STOPPED) { // the next run gets all three NodeManagers again
          CLUSTER.stop();
          CLUSTER.start(SchedChaosIT.class.getSimpleName() + "-" + ++clusters);
        }
      }
    }
    Files.writeString(report, tally.json(OURS, BASELINE, seeds) + "\n", java.nio.file.StandardOpenOption.APPEND);
  }
}
