package io.tezext.simulator.am;

import java.util.Map;
import java.util.TreeMap;

/**
 * How the simulated Tez AM and its tasks behave.
 *
 * @param amHeartbeatMs AM-RM heartbeat interval ({@code tez.am.rm.heartbeat.interval-ms.max}, 1000)
 * @param amMemoryMb AM container size ({@code tez.am.resource.memory.mb}, 1024)
 * @param amLaunchMs from AM container allocation to the AM registering with the RM
 * @param containerLaunchMs from a new container's assignment to its task running (cold JVM start)
 * @param localizationMs how long a NodeManager downloads an application's resources (the Tez jars)
 *     before that application's first container on the node can start; later containers of the
 *     application on that node find them there. 0 when they are cached node-wide (public resources)
 * @param reuseLaunchMs from a reused container's assignment to its task running (warm JVM)
 * @param rackLocalPenalty extra run time, as a fraction, for a task reading its HDFS input from
 *     another node on the same rack
 * @param offSwitchPenalty extra run time, as a fraction, for reading it across racks
 * @param slowStartMinFraction share of scatter-gather source tasks done before consumers are
 *     scheduled ({@code tez.shuffle-vertex-manager.min-src-fraction}, 0.25)
 * @param slowStartMaxFraction share done when all consumers are scheduled
 *     ({@code tez.shuffle-vertex-manager.max-src-fraction}, 0.75)
 * @param shuffleOverlap share of a consumer task's time that can overlap its producers (fetching);
 *     the rest runs only after the last producer finishes
 * @param maxTaskAttempts failed attempts before the DAG fails ({@code tez.am.task.max.failed.attempts}, 4)
 * @param tezConf keys handed to the scheduler under test as its configuration ({@code tez.am.*})
 */
public record AmSettings(
    long amHeartbeatMs,
    int amMemoryMb,
    long amLaunchMs,
    long containerLaunchMs,
    long localizationMs,
    long reuseLaunchMs,
    double rackLocalPenalty,
    double offSwitchPenalty,
    double slowStartMinFraction,
    double slowStartMaxFraction,
    double shuffleOverlap,
    int maxTaskAttempts,
    Map<String, String> tezConf) {

  public static final AmSettings DEFAULTS =
      new AmSettings(1000, 1024, 4000, 1500, 0, 100, 0.2, 0.5, 0.25, 0.75, 0.3, 4, Map.of());

  public AmSettings {
    positive("tez.amHeartbeatMs", amHeartbeatMs);
    positive("tez.amMemoryMb", amMemoryMb);
    nonNegative("tez.amLaunchMs", amLaunchMs);
    nonNegative("tez.containerLaunchMs", containerLaunchMs);
    nonNegative("tez.localizationMs", localizationMs);
    nonNegative("tez.reuseLaunchMs", reuseLaunchMs);
    if (rackLocalPenalty < 0 || offSwitchPenalty < 0) {
      throw new IllegalArgumentException("tez.rackLocalPenalty and tez.offSwitchPenalty must be >= 0");
    }
    if (slowStartMinFraction < 0 || slowStartMaxFraction > 1 || slowStartMinFraction > slowStartMaxFraction) {
      throw new IllegalArgumentException("tez.slowStartMinFraction and tez.slowStartMaxFraction must satisfy "
          + "0 <= min <= max <= 1, were " + slowStartMinFraction + " and " + slowStartMaxFraction);
    }
    if (shuffleOverlap < 0 || shuffleOverlap > 1) {
      throw new IllegalArgumentException("tez.shuffleOverlap must be in [0, 1], was " + shuffleOverlap);
    }
    positive("tez.maxTaskAttempts", maxTaskAttempts);
    tezConf = Map.copyOf(new TreeMap<>(tezConf));
  }

  public AmSettings withTezConf(Map<String, String> conf) {
    return new AmSettings(amHeartbeatMs, amMemoryMb, amLaunchMs, containerLaunchMs, localizationMs, reuseLaunchMs,
        rackLocalPenalty, offSwitchPenalty, slowStartMinFraction, slowStartMaxFraction, shuffleOverlap,
        maxTaskAttempts, conf);
  }

  private static void positive(String key, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(key + " must be positive, was " + value);
    }
  }

  private static void nonNegative(String key, long value) {
    if (value < 0) {
      throw new IllegalArgumentException(key + " must be >= 0, was " + value);
    }
  }
}
