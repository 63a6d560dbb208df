package io.tezext.simulator.bench.robust;

import static io.tezext.simulator.am.AmSettings.COLD_TASK_PENALTY_MS;
import static io.tezext.simulator.am.AmSettings.CONTAINER_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.ONE_CONTAINER_SIZE_PER_DAG;
import static io.tezext.simulator.cluster.YarnSettings.DOMINANT_RESOURCES;
import static io.tezext.simulator.cluster.YarnSettings.HEADROOM_IGNORES_QUEUE_LIMIT;
import static io.tezext.simulator.cluster.YarnSettings.NODE_HEARTBEAT_MS;
import static io.tezext.simulator.cluster.YarnSettings.PREEMPTION;
import static io.tezext.simulator.cluster.YarnSettings.RACK_TOPOLOGY;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import io.tezext.simulator.bench.compare.ModelVariant;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.run.Scenario;

/**
 * A choice of the model that can decide a comparison and that no measurement here pins down, with
 * two levels spanning what real clusters do. {@code sched-robust} sets them together in a
 * fractional design ({@link ScreeningDesign}), so that no lead can rest on one of them.
 */
enum ModelFactor {
  RACK_TOPOLOGY_SCRIPT("rack_topology", "racks named by a topology script", "no topology script: one /default-rack",
      s -> withYarn(s, s.cluster().yarn().with(RACK_TOPOLOGY, true)),
      s -> withYarn(s, s.cluster().yarn().with(RACK_TOPOLOGY, false))),
  LOCALITY_PENALTIES("locality_penalties", "rack-local and off-switch penalties halved", "doubled",
      ModelVariant.penalties(0.5).apply(), ModelVariant.penalties(2).apply()),
  COLD_START("cold_start", "cold container 0.75 s to launch, first task no slower",
      "3 s to launch and its first task 3 s slower (JIT, Hive's object cache)",
      s -> s.withAm(s.am().with(CONTAINER_LAUNCH_MS, 750L).with(COLD_TASK_PENALTY_MS, 0L)),
      s -> s.withAm(s.am().with(CONTAINER_LAUNCH_MS, 3_000L).with(COLD_TASK_PENALTY_MS, 3_000L))),
  CONTAINER_SIZE("container_size", "each vertex its own size", "one size per DAG (Hive's)",
      s -> s.withAm(s.am().with(ONE_CONTAINER_SIZE_PER_DAG, false)),
      s -> s.withAm(s.am().with(ONE_CONTAINER_SIZE_PER_DAG, true))),
  USER_LIMIT_FACTOR("user_limit_factor", "user limit factor 1 (YARN's)", "4",
      s -> withUserLimitFactor(s, 1), s -> withUserLimitFactor(s, 4)),
  RM_PREEMPTION("rm_preemption", "RM preemption off", "on",
      s -> withYarn(s, s.cluster().yarn().with(PREEMPTION, false)),
      s -> withYarn(s, s.cluster().yarn().with(PREEMPTION, true))),
  NODE_HEARTBEAT("node_heartbeat", "NodeManagers heartbeat every 0.25 s", "every 3 s",
      s -> withYarn(s, s.cluster().yarn().with(NODE_HEARTBEAT_MS, 250L)),
      s -> withYarn(s, s.cluster().yarn().with(NODE_HEARTBEAT_MS, 3_000L))),
  RESOURCE_CALCULATOR("resource_calculator", "memory only (default calculator)", "memory and vcores (dominant)",
      s -> withYarn(s, s.cluster().yarn().with(DOMINANT_RESOURCES, false)),
      s -> withYarn(s, s.cluster().yarn().with(DOMINANT_RESOURCES, true))),
  HEADROOM("headroom", "headroom as the CapacityScheduler reports it",
      "headroom the cluster's free memory, queue limit ignored (TEZ-2834)",
      s -> withYarn(s, s.cluster().yarn().with(HEADROOM_IGNORES_QUEUE_LIMIT, false)),
      s -> withYarn(s, s.cluster().yarn().with(HEADROOM_IGNORES_QUEUE_LIMIT, true)));

  final String key;
  final String low;
  final String high;
  private final UnaryOperator<Scenario> toLow;
  private final UnaryOperator<Scenario> toHigh;

  ModelFactor(String key, String low, String high, UnaryOperator<Scenario> toLow, UnaryOperator<Scenario> toHigh) {
    this.key = key;
    this.low = low;
    this.high = high;
    this.toLow = toLow;
    this.toHigh = toHigh;
  }

  Scenario at(boolean highLevel, Scenario s) {
    return highLevel ? toHigh.apply(s) : toLow.apply(s);
  }

  private static Scenario withYarn(Scenario s, YarnSettings yarn) {
    ClusterSpec c = s.cluster();
    return new Scenario(new ClusterSpec(c.nodes(), c.queues(), yarn), s.am(), s.failures(), s.seed(),
        s.sampleIntervalMs());
  }

  private static Scenario withUserLimitFactor(Scenario s, double factor) {
    ClusterSpec c = s.cluster();
    List<QueueSpec> queues = new ArrayList<>();
    for (QueueSpec q : c.queues()) {
      queues.add(q.withUserLimitFactor(factor));
    }
    return new Scenario(new ClusterSpec(c.nodes(), queues, c.yarn()), s.am(), s.failures(), s.seed(),
        s.sampleIntervalMs());
  }
}
