package io.tezext.simulator.cluster;

import io.tezext.simulator.settings.BooleanSetting;
import io.tezext.simulator.settings.DoubleSetting;
import io.tezext.simulator.settings.IntSetting;
import io.tezext.simulator.settings.LongSetting;
import io.tezext.simulator.settings.Settings;
import io.tezext.simulator.settings.SettingsSection;

/**
 * How the simulated ResourceManager behaves: the scenario file's {@code yarn} section. Names follow
 * the CapacityScheduler's keys; each setting is declared once below, with its default, range and
 * meaning.
 */
public record YarnSettings(Settings values) {
  public static final SettingsSection SECTION = new SettingsSection("yarn");

  public static final LongSetting NODE_HEARTBEAT_MS = SECTION.longSetting("nodeHeartbeatMs", 1000, 1,
      "NodeManager heartbeat interval; each heartbeat is one scheduling opportunity per node "
          + "(`yarn.resourcemanager.nodemanagers.heartbeat-interval-ms`)");
  public static final IntSetting NODE_LOCALITY_DELAY = SECTION.intSetting("nodeLocalityDelay", 40, 0,
      "missed opportunities before a rack-local container is allowed, capped at the node count "
          + "(`yarn.scheduler.capacity.node-locality-delay`)");
  public static final IntSetting RACK_LOCALITY_ADDITIONAL_DELAY = SECTION.intSetting("rackLocalityAdditionalDelay",
      -1, -1, "extra missed opportunities before off-switch; -1 derives it from the request's spread as the "
          + "CapacityScheduler does (`yarn.scheduler.capacity.rack-locality-additional-delay`)");
  public static final BooleanSetting RACK_TOPOLOGY = SECTION.booleanSetting("rackTopology", true,
      "the cluster has a topology script naming each node's rack, as the scenario gives them; false: none, as "
          + "most cloud clusters run, so every node, like every host the cluster lacks (the `localhost` an "
          + "object store reports), is on `/default-rack`. With racks named, `localhost` resolves to a rack "
          + "with no nodes");
  public static final BooleanSetting DOMINANT_RESOURCES = SECTION.booleanSetting("dominantResources", false,
      "fit containers by memory and vcores (DominantResourceCalculator); false fits by memory only, the "
          + "CapacityScheduler's default DefaultResourceCalculator");
  public static final LongSetting MINIMUM_ALLOCATION_MB = SECTION.longSetting("minimumAllocationMb", 1024, 1,
      "the RM's minimum allocation (`yarn.scheduler.minimum-allocation-mb`, YARN's default): the step the "
          + "CapacityScheduler rounds an application's headroom down to and grows a user's limit by past the "
          + "queue's guarantee; containers are granted at the size asked, not rounded up to it");
  public static final BooleanSetting PREEMPTION = SECTION.booleanSetting("preemption", false,
      "RM-side preemption of over-capacity queues (ProportionalCapacityPreemptionPolicy; off unless "
          + "`yarn.resourcemanager.scheduler.monitor.enable` is set, as in YARN)");
  public static final LongSetting PREEMPTION_INTERVAL_MS = SECTION.longSetting("preemptionIntervalMs", 3000, 1,
      "how often the preemption monitor runs (`yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval`)");
  public static final LongSetting PREEMPTION_WAIT_MS = SECTION.longSetting("preemptionWaitMs", 15000, 0,
      "how long a container marked for preemption lives before it is killed (`max_wait_before_kill`)");
  public static final DoubleSetting PREEMPTION_PER_ROUND = SECTION.doubleSetting("preemptionPerRound", 0.1, 0, 1,
      "most of the cluster's memory one preemption round may ask back (`total_preemption_per_round`)");
  public static final DoubleSetting PREEMPTION_DEAD_ZONE = SECTION.doubleSetting("preemptionDeadZone", 0.1, 0,
      Double.MAX_VALUE, "a queue over its guarantee by no more than this share gives nothing back "
          + "(`max_ignored_over_capacity`)");
  public static final DoubleSetting PREEMPTION_NATURAL_TERMINATION = SECTION.doubleSetting(
      "preemptionNaturalTermination", 0.2, 0, 1, "share of a queue's excess one round asks back; the rest is "
          + "expected to finish by itself (`natural_termination_factor`)");
  public static final BooleanSetting PREEMPTION_RANDOM_PHASE = SECTION.booleanSetting("preemptionRandomPhase", false,
      "the monitor's rounds fall at a phase drawn from the run's seed instead of at whole intervals from the "
          + "simulation's start: YARN starts the monitor with the RM, so its rounds fall at an arbitrary point of "
          + "any application's life, and a replay scored over several seeds sees that spread");
  public static final DoubleSetting PREEMPTION_LATE_KILL_SHARE = SECTION.doubleSetting("preemptionLateKillShare", 0,
      0, 1, "share of preemption rounds whose warned containers are killed one round after the wait instead of at "
          + "the round the wait ends: YARN compares a warning's time with the clock read at a later round, each "
          + "read lagging its round's schedule by a varying few milliseconds, so the kill exactly the wait later "
          + "falls to the next round whenever the later read lags less (0.30 measured in sched-real's RM log: 207 "
          + "of 695 five-round spans under 15 s; near 0.5 when the lags vary smoothly); only where the wait is a "
          + "whole number of intervals, as otherwise no round falls exactly the wait after another");
  public static final BooleanSetting HEADROOM_IGNORES_QUEUE_LIMIT = SECTION.booleanSetting(
      "headroomIgnoresQueueLimit", false, "report an application's headroom as the cluster's free memory, "
          + "ignoring its queue's limit: headroom that lies, as it can under user limits (TEZ-2834); an AM that "
          + "trusts it sees room where its queue has none");
  public static final DoubleSetting MAX_AM_SHARE_PERCENT = SECTION.doubleSetting("maxAmSharePercent", 10, 0, 100,
      "most of a queue that AM containers may take, above 0 (`maximum-am-resource-percent`)");
  public static final IntSetting MAX_OFF_SWITCH_PER_HEARTBEAT = SECTION.intSetting("maxOffSwitchPerHeartbeat", 1,
      1, "off-switch containers (AMs included) one node heartbeat may give before the node gives nothing more "
          + "that heartbeat (`yarn.scheduler.capacity.per-node-heartbeat.maximum-offswitch-assignments`)");

  static {
    SECTION.rule(s -> {
      if (s.get(MAX_AM_SHARE_PERCENT) <= 0) {
        throw new IllegalArgumentException("yarn.maxAmSharePercent must be above 0, was " + s.get(MAX_AM_SHARE_PERCENT));
      }
    });
  }

  public static final YarnSettings DEFAULTS = new YarnSettings(SECTION.defaults());

  public YarnSettings {
    if (values.section() != SECTION) {
      throw new IllegalArgumentException("YARN settings need the '" + SECTION.name() + "' section");
    }
  }

  public long get(LongSetting s) {
    return values.get(s);
  }

  public int get(IntSetting s) {
    return values.get(s);
  }

  public double get(DoubleSetting s) {
    return values.get(s);
  }

  public boolean get(BooleanSetting s) {
    return values.get(s);
  }

  public YarnSettings with(LongSetting s, long value) {
    return new YarnSettings(values.with(s, value));
  }

  public YarnSettings with(IntSetting s, int value) {
    return new YarnSettings(values.with(s, value));
  }

  public YarnSettings with(DoubleSetting s, double value) {
    return new YarnSettings(values.with(s, value));
  }

  public YarnSettings with(BooleanSetting s, boolean value) {
    return new YarnSettings(values.with(s, value));
  }
}
