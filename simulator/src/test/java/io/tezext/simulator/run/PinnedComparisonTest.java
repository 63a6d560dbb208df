package io.tezext.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * Both schedulers' exact figures on one small contended workload: any change to the model or to a
 * policy moves them, and the change shows in review as a changed line here, not as a silently moved
 * benchmark. When a change is meant, paste the figures the failure prints and say why in the commit.
 */
class PinnedComparisonTest {
  /** 16 nodes on 2 racks, two elastic queues with RM preemption, 1% of containers failing. */
  private static Scenario scenario() {
    YarnSettings yarn = YarnSettings.DEFAULTS.with(YarnSettings.PREEMPTION, true);
    ClusterSpec cluster = ClusterSpec.uniform(2, 8, 16_384, 8,
        List.of(new QueueSpec("etl", 60, 100, 2), new QueueSpec("adhoc", 40, 100, 2)), yarn);
    AmSettings am = AmSettings.DEFAULTS.withTezConf(java.util.Map.of(
        "tez.am.container.reuse.enabled", "true",
        "tez.am.container.idle.release-timeout-min.millis", "5000"));
    return new Scenario(cluster, am, new Failures(List.of(), 0.01), 7, 60_000);
  }

  /** 40 Hive-like DAGs (a third of scans on object storage) in 6 sessions over both queues. */
  private static Workload workload(Scenario s) {
    return SyntheticWorkloads.generate(new SyntheticOptions(40, 8_000, SyntheticOptions.TPCDS_MIX, 4, 120, 20_000,
        0.8, 0.3, 6, List.of("etl", "adhoc")), s.cluster().hosts(), 7);
  }

  private static String figures(String scheduler) {
    Scenario s = scenario();
    RunResult r = new Simulation(s, workload(s), SchedulerSpec.parse(scheduler), true,
        Simulation.ProgressListener.NONE).run();
    RunFigures f = RunFigures.of(r);
    return String.format(Locale.ROOT, "mean DAG %.3f s, AM preemptions %d, RM preemptions %d, reused %d, "
        + "work lost %.3f task-s (to AM preemption %.3f), waiting in containers %.3f task-s, node-local %.4f",
        f.get("dag_mean_s").value(), (long) f.get("preemptions_am").value(), (long) f.get("preemptions_rm").value(),
        (long) f.get("containers_reused").value(), f.get("work_lost_task_s").value(),
        f.get("work_preempted_task_s").value(), f.get("waiting_in_containers_task_s").value(),
        f.get("node_local").value());
  }

  @Test
  void dagAwaresFiguresAreThePinnedOnes() {
    assertThat(figures("dagaware")).isEqualTo("mean DAG 558.398 s, AM preemptions 0, RM preemptions 8, reused 582, "
        + "work lost 517.811 task-s (to AM preemption 0.000), waiting in containers 44660.856 task-s, node-local 0.8686");
  }

  @Test
  void oursAreThePinnedOnes() {
    assertThat(figures("tezext")).isEqualTo("mean DAG 551.533 s, AM preemptions 0, RM preemptions 12, reused 740, "
        + "work lost 535.545 task-s (to AM preemption 0.000), waiting in containers 43607.962 task-s, node-local 0.8739");
  }
}
