package io.tezext.simulator.am;

import static io.tezext.simulator.am.AmSettings.AM_HEARTBEAT_MS;
import static io.tezext.simulator.am.AmSettings.AM_MEMORY_MB;
import static io.tezext.simulator.am.AmSettings.COLD_TASK_PENALTY_MS;
import static io.tezext.simulator.am.AmSettings.CONTAINER_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.LOCALIZATION_MS;
import static io.tezext.simulator.am.AmSettings.REUSE_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.SHUFFLE_OVERLAP;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.RecordedLaunches.Kind;
import io.tezext.simulator.workload.tezhistory.RecordedLaunches;

/**
 * What recorded Tez history tells about the simulator's AM model, and nothing it does not: the cold,
 * localizing and warm launch latencies and the cold-JVM task penalty, measured from the attempts;
 * the AM's size and heartbeat and its scheduler's {@code tez.am.*} keys, read from the application's
 * configuration. A session's first DAG meets new JVMs and NodeManagers still localizing the
 * application; later DAGs mostly reuse warm ones. Those conditions are modelled explicitly (launch
 * kind per container, penalty per new JVM), so a systematic difference between them is kept instead
 * of being averaged away.
 */
public record HistoryCalibration(Map<String, String> measured, Map<String, String> schedulerConf,
    List<String> notes) {

  /** Tez keys the simulated AM model reads from the application's configuration rather than its scheduler. */
  private static final String AM_MEMORY_KEY = "tez.am.resource.memory.mb";
  private static final String AM_HEARTBEAT_KEY = "tez.am.rm.heartbeat.interval-ms.max";
  private static final String IDLE_MIN_KEY = "tez.am.container.idle.release-timeout-min.millis";
  private static final String IDLE_MAX_KEY = "tez.am.container.idle.release-timeout-max.millis";

  public HistoryCalibration {
    measured = Map.copyOf(measured);
    schedulerConf = Map.copyOf(schedulerConf);
    notes = List.copyOf(notes);
  }

  public static HistoryCalibration of(RecordedHistory history) {
    return of(history, BadRecords.failFast());
  }

  /** The calibration; a recorded value it cannot replay as it is fails with {@code --strict}. */
  public static HistoryCalibration of(RecordedHistory history, BadRecords bad) {
    RecordedLaunches l = history.launches();
    Map<String, String> measured = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    long[] cold = l.latenciesMs(Kind.COLD);
    long[] localizing = l.latenciesMs(Kind.LOCALIZING);
    long[] warm = l.latenciesMs(Kind.WARM);
    if (cold.length + localizing.length > 0) {
      measured.put(CONTAINER_LAUNCH_MS.name(), Long.toString(l.medianColdMs(0)));
      notes.add(String.format(Locale.ROOT, "tez.containerLaunchMs %d: median launch of %d new containers%s",
          l.medianColdMs(0), cold.length > 0 ? cold.length : localizing.length,
          cold.length > 0 ? "" : " (all were the first on their NodeManager)"));
    }
    if (cold.length > 0 && localizing.length > 0) {
      measured.put(LOCALIZATION_MS.name(), Long.toString(l.medianLocalizationMs()));
      notes.add(String.format(Locale.ROOT, "tez.localizationMs %d: median launch of %d containers that were their "
          + "application's first on a NodeManager, minus the cold launch", l.medianLocalizationMs(), localizing.length));
    }
    measured.put(SHUFFLE_OVERLAP.name(), "0");
    notes.add("tez.shuffleOverlap 0: a recorded consumer's duration counts from when its last input was ready, so "
        + "none of it overlaps its producers");
    if (warm.length > 0) {
      measured.put(REUSE_LAUNCH_MS.name(), Long.toString(l.medianWarmMs(0)));
      notes.add(String.format(Locale.ROOT, "tez.reuseLaunchMs %d: median launch of %d tasks in reused containers",
          l.medianWarmMs(0), warm.length));
    }
    if (l.verticesWithColdAndWarmTasks() > 0) {
      measured.put(COLD_TASK_PENALTY_MS.name(), Long.toString(l.coldTaskPenaltyMs()));
      notes.add(String.format(Locale.ROOT, "tez.coldTaskPenaltyMs %d: median over %d vertices of how much longer "
          + "their tasks ran in new JVMs than in reused ones; recorded durations are corrected by it",
          l.coldTaskPenaltyMs(), l.verticesWithColdAndWarmTasks()));
    }
    Map<String, String> conf = new TreeMap<>(history.amConf());
    Long amMemory = longConf(conf.remove(AM_MEMORY_KEY));
    if (amMemory != null) {
      measured.put(AM_MEMORY_MB.name(), Long.toString(amMemory));
      notes.add("tez.amMemoryMb " + amMemory + ": " + AM_MEMORY_KEY + " of the recorded application");
    }
    Long heartbeat = longConf(conf.remove(AM_HEARTBEAT_KEY));
    if (heartbeat != null) {
      measured.put(AM_HEARTBEAT_MS.name(), Long.toString(heartbeat));
      notes.add("tez.amHeartbeatMs " + heartbeat + ": " + AM_HEARTBEAT_KEY + " of the recorded application");
    }
    Map<String, String> schedulerConf = new TreeMap<>();
    conf.forEach((k, v) -> {
      if (k.startsWith("tez.am.container.") || k.startsWith("tez.am.preemption.")) {
        schedulerConf.put(k, v);
      }
    });
    pinIdleReleaseTimeout(schedulerConf, notes, bad);
    if (!schedulerConf.isEmpty()) {
      notes.add("tez.conf: the recorded application's " + String.join(", ", schedulerConf.keySet()));
    }
    if (l.size() == 0) {
      notes.add("no launch to calibrate from: no successful attempt recorded its container and allocation time");
    }
    return new HistoryCalibration(measured, schedulerConf, notes);
  }

  /** The AM settings with every measured value, and the recorded scheduler keys over the given ones. */
  public AmSettings applyTo(AmSettings am) {
    AmSettings result = am;
    for (Map.Entry<String, String> e : measured.entrySet()) {
      result = result.withText(e.getKey(), e.getValue());
    }
    Map<String, String> conf = new TreeMap<>(am.tezConf());
    conf.putAll(schedulerConf);
    return result.withTezConf(conf);
  }

  /**
   * DagAware draws each idle container's release timeout between the min and max keys from an
   * unseedable random source, which the simulator cannot reproduce; a recorded range becomes its
   * middle (the mean of the draws) for both.
   */
  private static void pinIdleReleaseTimeout(Map<String, String> conf, List<String> notes, BadRecords bad) {
    Long min = longConf(conf.get(IDLE_MIN_KEY));
    Long max = longConf(conf.get(IDLE_MAX_KEY));
    if (min != null && max != null && !min.equals(max)) {
      long middle = (min + max) / 2;
      bad.changed("the recorded application's configuration: " + IDLE_MIN_KEY + " " + min + " and " + IDLE_MAX_KEY
          + " " + max + " differ; calibration would replay both as " + middle + " ms (--calibrate off keeps the "
          + "scenario's)");
      conf.put(IDLE_MIN_KEY, Long.toString(middle));
      conf.put(IDLE_MAX_KEY, Long.toString(middle));
      notes.add("the recorded idle release timeout " + min + "-" + max + " ms is replayed as " + middle
          + " ms (DagAware's draw between them cannot be reproduced)");
    }
  }

  private static Long longConf(String value) {
    if (value == null) {
      return null;
    }
    try {
      long v = Long.parseLong(value.trim());
      return v > 0 ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
