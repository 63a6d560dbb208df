package io.tezext.simulator.am;

import java.util.Map;
import java.util.TreeMap;

import io.tezext.simulator.settings.BooleanSetting;
import io.tezext.simulator.settings.DoubleSetting;
import io.tezext.simulator.settings.IntSetting;
import io.tezext.simulator.settings.LongSetting;
import io.tezext.simulator.settings.Settings;
import io.tezext.simulator.settings.SettingsSection;

/**
 * How the simulated Tez AM and its tasks behave: the scenario file's {@code tez} section. Each
 * setting is declared once below, with its default, range and meaning; {@code tezConf} holds the
 * Tez keys handed to the scheduler under test as its configuration ({@code tez.am.*}).
 */
public record AmSettings(Settings values, Map<String, String> tezConf) {
  public static final SettingsSection SECTION = new SettingsSection("tez");

  public static final LongSetting AM_HEARTBEAT_MS = SECTION.longSetting("amHeartbeatMs", 1000, 1,
      "AM-RM heartbeat interval (`tez.am.rm.heartbeat.interval-ms.max`)");
  public static final IntSetting AM_MEMORY_MB = SECTION.intSetting("amMemoryMb", 1024, 1,
      "AM container size (`tez.am.resource.memory.mb`)");
  public static final LongSetting AM_LAUNCH_MS = SECTION.longSetting("amLaunchMs", 4000, 0,
      "AM container placed to AM registered with the RM");
  public static final LongSetting CONTAINER_LAUNCH_MS = SECTION.longSetting("containerLaunchMs", 1500, 0,
      "a new container's assignment to its task running (a cold JVM start)");
  public static final LongSetting LOCALIZATION_MS = SECTION.longSetting("localizationMs", 0, 0,
      "extra launch time of a new container assigned before any task of its application has started on its "
          + "node: the NodeManager is still localizing the application (downloading its resources, starting its "
          + "localizer). 0 when `tez.lib.uris` is cached node-wide (a PUBLIC resource)");
  public static final LongSetting REUSE_LAUNCH_MS = SECTION.longSetting("reuseLaunchMs", 100, 0,
      "a reused container's assignment to its task running (a warm JVM)");
  public static final LongSetting COLD_TASK_PENALTY_MS = SECTION.longSetting("coldTaskPenaltyMs", 0, 0,
      "extra run time of a task in a container's first JVM (class loading, JIT warm-up) over the same task "
          + "in a reused one; calibrated from Tez history, where recorded durations are corrected by it");
  public static final DoubleSetting RACK_LOCAL_PENALTY = SECTION.doubleSetting("rackLocalPenalty", 0.2, 0,
      Double.MAX_VALUE, "extra run time, as a fraction, of a task reading its HDFS input from another node of "
          + "its rack");
  public static final DoubleSetting OFF_SWITCH_PENALTY = SECTION.doubleSetting("offSwitchPenalty", 0.5, 0,
      Double.MAX_VALUE, "extra run time, as a fraction, of a task reading its HDFS input from another rack");
  public static final DoubleSetting SLOW_START_MIN_FRACTION = SECTION.doubleSetting("slowStartMinFraction", 0.25,
      0, 1, "share of scatter-gather source tasks done before consumers are scheduled "
          + "(`tez.shuffle-vertex-manager.min-src-fraction`)");
  public static final DoubleSetting SLOW_START_MAX_FRACTION = SECTION.doubleSetting("slowStartMaxFraction", 0.75,
      0, 1, "share done when every consumer is scheduled (`tez.shuffle-vertex-manager.max-src-fraction`)");
  public static final DoubleSetting SHUFFLE_OVERLAP = SECTION.doubleSetting("shuffleOverlap", 0.3, 0, 1,
      "share of a consumer task's time that can overlap its producers (fetching); the rest runs after the last "
          + "producer finishes");
  public static final BooleanSetting ONE_CONTAINER_SIZE_PER_DAG = SECTION.booleanSetting("oneContainerSizePerDag", false,
      "every vertex of a DAG asks for the DAG's largest container, as Hive asks one size for a query "
          + "(`hive.tez.container.size`); false keeps each vertex's own size, as the workload gives it (Tez history "
          + "records the sizes a Hive query really asked)");
  public static final IntSetting MAX_TASK_ATTEMPTS = SECTION.intSetting("maxTaskAttempts", 4, 1,
      "failed attempts before the DAG fails (`tez.am.task.max.failed.attempts`)");

  static {
    SECTION.rule(s -> {
      if (s.get(SLOW_START_MIN_FRACTION) > s.get(SLOW_START_MAX_FRACTION)) {
        throw new IllegalArgumentException("tez.slowStartMinFraction (" + s.get(SLOW_START_MIN_FRACTION)
            + ") must not exceed tez.slowStartMaxFraction (" + s.get(SLOW_START_MAX_FRACTION) + ")");
      }
    });
  }

  public static final AmSettings DEFAULTS = new AmSettings(SECTION.defaults(), Map.of());

  public AmSettings {
    if (values.section() != SECTION) {
      throw new IllegalArgumentException("AM settings need the '" + SECTION.name() + "' section");
    }
    tezConf = Map.copyOf(new TreeMap<>(tezConf));
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

  public AmSettings with(LongSetting s, long value) {
    return new AmSettings(values.with(s, value), tezConf);
  }

  public AmSettings with(IntSetting s, int value) {
    return new AmSettings(values.with(s, value), tezConf);
  }

  public AmSettings with(DoubleSetting s, double value) {
    return new AmSettings(values.with(s, value), tezConf);
  }

  public AmSettings with(BooleanSetting s, boolean value) {
    return new AmSettings(values.with(s, value), tezConf);
  }

  /** Sets a setting by name from text ({@code containerLaunchMs}, {@code 2000}). */
  public AmSettings withText(String name, String text) {
    return new AmSettings(values.withText(name, text), tezConf);
  }

  public AmSettings withTezConf(Map<String, String> conf) {
    return new AmSettings(values, conf);
  }
}
