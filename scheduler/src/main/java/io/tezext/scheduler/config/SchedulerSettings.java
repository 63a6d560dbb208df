package io.tezext.scheduler.config;

import static io.tezext.scheduler.config.SchedulerKeys.IDLE_RELEASE_CROWDED_MS;
import static io.tezext.scheduler.config.SchedulerKeys.IDLE_RELEASE_MS;
import static io.tezext.scheduler.config.SchedulerKeys.IDLE_RELEASE_UNNEEDED_MS;
import static io.tezext.scheduler.config.SchedulerKeys.PREEMPTION_INTERVAL_MS;
import static io.tezext.scheduler.config.SchedulerKeys.PREEMPTION_MAX_PERCENTAGE;
import static io.tezext.scheduler.config.SchedulerKeys.PREEMPTION_MAX_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.REUSE_ENABLED;
import static io.tezext.scheduler.config.SchedulerKeys.SESSION_HELD_CONTAINERS;

import java.util.Locale;

import org.apache.hadoop.conf.Configuration;

/** The AM-scope settings, read and validated once when the scheduler starts. */
public record SchedulerSettings(boolean reuseEnabled, long idleReleaseMs, long idleReleaseCrowdedMs,
    long idleReleaseUnneededMs, int sessionHeldContainers, long preemptionMaxWaitMs, int preemptionMaxPercentage,
    long preemptionIntervalMs) {

  public static final SchedulerSettings DEFAULTS = of(new Configuration(false));

  /** Reads the AM-scope keys; any bad key under the scheduler's prefix fails, naming it. */
  public static SchedulerSettings of(Configuration conf) {
    SchedulerKeys.KEYS.validate(conf);
    return new SchedulerSettings(REUSE_ENABLED.read(conf), IDLE_RELEASE_MS.read(conf),
        IDLE_RELEASE_CROWDED_MS.read(conf), IDLE_RELEASE_UNNEEDED_MS.read(conf), SESSION_HELD_CONTAINERS.read(conf),
        PREEMPTION_MAX_WAIT_MS.read(conf), PREEMPTION_MAX_PERCENTAGE.read(conf), PREEMPTION_INTERVAL_MS.read(conf));
  }

  /** One log line of the effective settings. */
  public String summary() {
    return String.format(Locale.ROOT, "reuse %s, idle release %d ms (%d ms when the queue is full, %d ms when no "
            + "task of the DAG can use it), session keeps %d, preemption after %d ms, at most %d%% per round, rounds "
            + "%d ms apart", reuseEnabled ? "on" : "off", idleReleaseMs, idleReleaseCrowdedMs, idleReleaseUnneededMs,
        sessionHeldContainers, preemptionMaxWaitMs, preemptionMaxPercentage, preemptionIntervalMs);
  }
}
