package io.tezext.scheduler.config;

import static io.tezext.scheduler.config.SchedulerKeys.IDLE_QUEUE_POLL_MS;
import static io.tezext.scheduler.config.SchedulerKeys.IDLE_RELEASE_CROWDED_MS;
import static io.tezext.scheduler.config.SchedulerKeys.IDLE_RELEASE_MS;
import static io.tezext.scheduler.config.SchedulerKeys.IDLE_RELEASE_UNNEEDED_MS;
import static io.tezext.scheduler.config.SchedulerKeys.PREEMPTION_INTERVAL_MS;
import static io.tezext.scheduler.config.SchedulerKeys.PREEMPTION_MAX_PERCENTAGE;
import static io.tezext.scheduler.config.SchedulerKeys.PREEMPTION_MAX_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.REUSE_ENABLED;
import static io.tezext.scheduler.config.SchedulerKeys.SESSION_HELD_CONTAINERS;
import static io.tezext.scheduler.config.SchedulerKeys.SESSION_PAUSE_HOLD_MS;

import java.util.Locale;

import org.apache.hadoop.conf.Configuration;

import io.tezext.settings.Scope;
import io.tezext.settings.ScopedSettings;

/** The AM-scope settings, read and validated once when the scheduler starts. */
public record SchedulerSettings(boolean reuseEnabled, long idleReleaseMs, long idleReleaseCrowdedMs,
    long idleReleaseUnneededMs, int sessionHeldContainers, long sessionPauseHoldMs, long idleQueuePollMs,
    long preemptionMaxWaitMs, int preemptionMaxPercentage, long preemptionIntervalMs) {

  public static final SchedulerSettings DEFAULTS = of(new Configuration(false));

  /** Reads the AM-scope keys; any bad key under the scheduler's prefix fails, naming it. */
  public static SchedulerSettings of(Configuration conf) {
    ScopedSettings am = SchedulerKeys.KEYS.readAt(Scope.AM, conf);
    return new SchedulerSettings(am.get(REUSE_ENABLED), am.get(IDLE_RELEASE_MS), am.get(IDLE_RELEASE_CROWDED_MS),
        am.get(IDLE_RELEASE_UNNEEDED_MS), am.get(SESSION_HELD_CONTAINERS), am.get(SESSION_PAUSE_HOLD_MS),
        am.get(IDLE_QUEUE_POLL_MS), am.get(PREEMPTION_MAX_WAIT_MS), am.get(PREEMPTION_MAX_PERCENTAGE),
        am.get(PREEMPTION_INTERVAL_MS));
  }

  /** One log line of the effective settings. */
  public String summary() {
    return String.format(Locale.ROOT, "reuse %s, idle release %d ms (%d ms when the queue is full or others in it "
            + "wait, %d ms when no task of the DAG can use it), session keeps up to %d (through pauses up to %d ms), "
            + "queue polled %s, preemption after %d ms, at most %d%% per round, rounds %d ms apart", reuseEnabled ? "on" : "off", idleReleaseMs, idleReleaseCrowdedMs, idleReleaseUnneededMs,
        sessionHeldContainers, sessionPauseHoldMs, idleQueuePollMs == 0 ? "never" : "every " + idleQueuePollMs + " ms",
        preemptionMaxWaitMs, preemptionMaxPercentage, preemptionIntervalMs);
  }
}
