package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;

import org.apache.hadoop.conf.Configuration;
import org.apache.tez.dag.api.TezConfiguration;

import io.tezext.scheduler.config.SchedulerKey;
import io.tezext.scheduler.config.SchedulerKeys;

/**
 * The keys each scheduler reads, with what each accepts: a scheduler's settings ({@code
 * dagaware(...)}) and a scenario's {@code tez.conf} are checked against them before a run, so a
 * misspelt key or a value Hadoop would quietly replace by its default (a boolean {@code maybe})
 * is an error naming it, not a run labelled with a setting that did nothing. Tez's own definitions
 * give types but no ranges; the ranges here are ours, from what Tez does with the values.
 * tezext's keys are its plugin's own registry ({@link SchedulerKeys}).
 */
public final class SchedulerSettingKeys {
  /** A Tez key: its name, what it accepts in words, and the check. */
  private record TezKey(String name, String accepts, java.util.function.Predicate<String> valid) {
  }

  private static final TezKey RM_HEARTBEAT = number(TezConfiguration.TEZ_AM_RM_HEARTBEAT_INTERVAL_MS_MAX, true, 1,
      "milliseconds, at least 1");

  /** What DagAwareYarnTaskScheduler reads. */
  private static final List<TezKey> DAGAWARE = List.of(
      flag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_ENABLED),
      flag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_RACK_FALLBACK_ENABLED),
      flag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_NON_LOCAL_FALLBACK_ENABLED),
      flag(TezConfiguration.TEZ_AM_CONTAINER_REUSE_NEW_CONTAINERS_ENABLED),
      number(TezConfiguration.TEZ_AM_CONTAINER_REUSE_LOCALITY_DELAY_ALLOCATION_MILLIS, false, 0,
          "milliseconds, at least 0"),
      number(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS, false, -1,
          "milliseconds, at least 0, or -1 (never release)"),
      number(TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS, false, -1,
          "milliseconds, at least 0, or -1 (never release)"),
      number(TezConfiguration.TEZ_AM_SESSION_MIN_HELD_CONTAINERS, true, 0, "an integer, at least 0"),
      new TezKey(TezConfiguration.TEZ_AM_PREEMPTION_PERCENTAGE, "an integer from 0 to 100",
          text -> parses(text, true, v -> v >= 0 && v <= 100)),
      number(TezConfiguration.TEZ_AM_PREEMPTION_HEARTBEATS_BETWEEN_PREEMPTIONS, true, 1, "an integer, at least 1"),
      number(TezConfiguration.TEZ_AM_PREEMPTION_MAX_WAIT_TIME_MS, true, 0, "milliseconds, at least 0"),
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
        problems.addAll(e.getKey().startsWith(SchedulerKey.PREFIX) ? asTezext : asDagAware);
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
    if (kind == SchedulerKind.TEZEXT && key.startsWith(SchedulerKey.PREFIX)) {
      Configuration one = new Configuration(false);
      one.set(key, value);
      try {
        SchedulerKeys.validate(one);
        return List.of();
      } catch (IllegalArgumentException e) {
        return List.of(e.getMessage());
      }
    }
    List<TezKey> known = kind == SchedulerKind.DAGAWARE ? DAGAWARE : List.of(RM_HEARTBEAT);
    for (TezKey k : known) {
      if (k.name().equals(key)) {
        return k.valid().test(value.trim()) ? List.of()
            : List.of(key + " = '" + value + "': expected " + k.accepts());
      }
    }
    List<String> names = new ArrayList<>(known.stream().map(TezKey::name).toList());
    if (kind == SchedulerKind.TEZEXT) {
      SchedulerKeys.ALL.forEach(k -> names.add(k.name()));
    }
    String closest = names.stream().min(Comparator.comparingInt(n -> distance(n, key))).orElse(null);
    return List.of(key + " is not a key " + kind.cliName() + " reads"
        + (closest != null && distance(closest, key) <= 3 ? " (did you mean " + closest + "?)"
            : "; it reads " + String.join(", ", names)));
  }

  private static TezKey flag(String name) {
    return new TezKey(name, "true or false", text -> text.equals("true") || text.equals("false"));
  }

  private static TezKey number(String name, boolean isInt, long min, String accepts) {
    return new TezKey(name, accepts, text -> parses(text, isInt, v -> v >= min));
  }

  private static boolean parses(String text, boolean isInt, LongPredicate ok) {
    try {
      long v = isInt ? Integer.parseInt(text) : Long.parseLong(text);
      return ok.test(v);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Edit distance, for suggesting the key a typo meant. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
