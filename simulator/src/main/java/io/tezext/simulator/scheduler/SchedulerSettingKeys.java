package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.tez.dag.api.TezConfiguration;

import io.tezext.scheduler.config.SchedulerKeys;
import io.tezext.settings.Key;
import io.tezext.settings.KeySet;
import io.tezext.settings.Scope;

/**
 * The keys each scheduler reads, with what each accepts: a scheduler's settings ({@code
 * dagaware(...)}) and a scenario's {@code tez.conf} are checked against them before a run, so a
 * misspelt key or a value Hadoop would quietly replace by its default (a boolean {@code maybe})
 * is an error naming it, not a run labelled with a setting that did nothing. Tez's own definitions
 * give types but no ranges; the ranges here are ours, from what Tez does with the values.
 * tezext's keys are its plugin's own registry ({@link SchedulerKeys}).
 */
public final class SchedulerSettingKeys {
  /** Tez's keys mean what Tez's documentation says. */
  private static final String TEZ = "see TezConfiguration";

  private static final Key<Long> RM_HEARTBEAT = Key.millis(TezConfiguration.TEZ_AM_RM_HEARTBEAT_INTERVAL_MS_MAX,
      Scope.AM, TezConfiguration.TEZ_AM_RM_HEARTBEAT_INTERVAL_MS_MAX_DEFAULT, 1, Integer.MAX_VALUE,
      "the longest time between two AM-RM heartbeats");

  /** What DagAwareYarnTaskScheduler reads. */
  private static final List<Key<?>> DAGAWARE = List.of(
      tezFlag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_ENABLED, TezConfiguration.TEZ_AM_CONTAINER_REUSE_ENABLED_DEFAULT),
      tezFlag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_RACK_FALLBACK_ENABLED,
          TezConfiguration.TEZ_AM_CONTAINER_REUSE_RACK_FALLBACK_ENABLED_DEFAULT),
      tezFlag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_NON_LOCAL_FALLBACK_ENABLED,
          TezConfiguration.TEZ_AM_CONTAINER_REUSE_NON_LOCAL_FALLBACK_ENABLED_DEFAULT),
      tezFlag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_NEW_CONTAINERS_ENABLED,
          TezConfiguration.TEZ_AM_CONTAINER_REUSE_NEW_CONTAINERS_ENABLED_DEFAULT),
      Key.millis(TezConfiguration.TEZ_AM_CONTAINER_REUSE_LOCALITY_DELAY_ALLOCATION_MILLIS, Scope.AM,
          TezConfiguration.TEZ_AM_CONTAINER_REUSE_LOCALITY_DELAY_ALLOCATION_MILLIS_DEFAULT, 0, Long.MAX_VALUE, TEZ),
      idleRelease(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS,
          TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS_DEFAULT),
      idleRelease(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS,
          TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS_DEFAULT),
      Key.count(TezConfiguration.TEZ_AM_SESSION_MIN_HELD_CONTAINERS, Scope.AM,
          TezConfiguration.TEZ_AM_SESSION_MIN_HELD_CONTAINERS_DEFAULT, 0, Integer.MAX_VALUE, TEZ),
      Key.count(TezConfiguration.TEZ_AM_PREEMPTION_PERCENTAGE, Scope.AM,
          TezConfiguration.TEZ_AM_PREEMPTION_PERCENTAGE_DEFAULT, 0, 100, TEZ),
      Key.count(TezConfiguration.TEZ_AM_PREEMPTION_HEARTBEATS_BETWEEN_PREEMPTIONS, Scope.AM,
          TezConfiguration.TEZ_AM_PREEMPTION_HEARTBEATS_BETWEEN_PREEMPTIONS_DEFAULT, 1, Integer.MAX_VALUE, TEZ),
      Key.millis(TezConfiguration.TEZ_AM_PREEMPTION_MAX_WAIT_TIME_MS, Scope.AM,
          TezConfiguration.TEZ_AM_PREEMPTION_MAX_WAIT_TIME_MS_DEFAULT, 0, Integer.MAX_VALUE, TEZ),
      RM_HEARTBEAT);

  private SchedulerSettingKeys() {
  }

  /**
   * Checks the settings {@code kind} is given; {@code where} says where they were written (for the
   * message). Every problem is listed at once.
   */
  public static void check(SchedulerKind kind, Map<String, String> conf, String where) {
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, String> e : new TreeMap<>(conf).entrySet()) {
      problems.addAll(problems(kind, e.getKey(), e.getValue()));
    }
    String min = conf.get(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS);
    String max = conf.get(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS);
    if (kind == SchedulerKind.DAGAWARE && problems.isEmpty() && min != null && max != null
        && Long.parseLong(max.trim()) != -1 && Long.parseLong(max.trim()) < Long.parseLong(min.trim())) {
      problems.add(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS + " (" + max.trim()
          + ") is below " + TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS + " (" + min.trim() + ")");
    }
    fail(where, problems);
  }

  /** Checks settings every scheduler of a scenario gets: each key must be one some scheduler reads. */
  public static void checkForAny(Map<String, String> conf, String where) {
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, String> e : new TreeMap<>(conf).entrySet()) {
      List<String> asDagAware = problems(SchedulerKind.DAGAWARE, e.getKey(), e.getValue());
      List<String> asTezext = problems(SchedulerKind.TEZEXT, e.getKey(), e.getValue());
      if (!asDagAware.isEmpty() && !asTezext.isEmpty()) {
        problems.addAll(e.getKey().startsWith(SchedulerKeys.PREFIX) ? asTezext : asDagAware);
      }
    }
    fail(where, problems);
  }

  private static void fail(String where, List<String> problems) {
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(where + ": " + String.join("; ", problems));
    }
  }

  private static List<String> problems(SchedulerKind kind, String key, String value) {
    if (kind == SchedulerKind.TEZEXT && key.startsWith(SchedulerKeys.PREFIX)) {
      Configuration one = new Configuration(false);
      one.set(key, value);
      try {
        SchedulerKeys.KEYS.validate(one);
        return List.of();
      } catch (IllegalArgumentException e) {
        return List.of(e.getMessage());
      }
    }
    List<Key<?>> known = kind == SchedulerKind.DAGAWARE ? DAGAWARE : List.of(RM_HEARTBEAT);
    for (Key<?> k : known) {
      if (k.name().equals(key)) {
        try {
          k.parse(value);
          return List.of();
        } catch (IllegalArgumentException e) {
          return List.of(e.getMessage());
        }
      }
    }
    List<String> names = new ArrayList<>(known.stream().map(Key::name).toList());
    if (kind == SchedulerKind.TEZEXT) {
      names.addAll(SchedulerKeys.KEYS.names());
    }
    return List.of(KeySet.unknownKey(key, kind.cliName(), names));
  }

  private static Key<Boolean> tezFlag(String name, boolean defaultValue) {
    return Key.flag(name, Scope.AM, defaultValue, TEZ);
  }

  /** Tez's idle release bounds: -1 never releases. */
  private static Key<Long> idleRelease(String name, long defaultValue) {
    return Key.of(name, Scope.AM, defaultValue, Long.toString(defaultValue),
        "milliseconds, at least 0, or -1 (never release)", TEZ, text -> {
          long v = Long.parseLong(text);
          if (v < -1) {
            throw new IllegalArgumentException();
          }
          return v;
        });
  }
}
