package io.tezext.scheduler.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.apache.hadoop.conf.Configuration;

/**
 * Every key the scheduler reads, in one place: name, scope, default, what it accepts, meaning.
 * docs/scheduler.md lists them from here, and the simulator checks scheduler settings against them.
 */
public final class SchedulerKeys {
  // AM scope: read once when the scheduler starts.

  public static final SchedulerKey<Boolean> REUSE_ENABLED = SchedulerKey.flag("reuse.enabled", Scope.AM, true,
      "run a task in a container an earlier task of the AM ran in (a warm JVM) instead of asking YARN for a new one");
  public static final SchedulerKey<Long> IDLE_RELEASE_MS = SchedulerKey.millis("idle.release-ms", Scope.AM, 2_000,
      0, 3_600_000, "how long a container may stay idle with no task able to use it before it goes back to YARN");
  public static final SchedulerKey<Long> IDLE_RELEASE_CROWDED_MS = SchedulerKey.millis("idle.release-crowded-ms",
      Scope.AM, 1_000, 0, 3_600_000, "how long a container may stay idle while YARN's headroom says the AM's "
          + "queue has no room for another like it (others may be waiting for that room) before it goes back; "
          + "checked at each AM-RM heartbeat");
  public static final SchedulerKey<Long> IDLE_RELEASE_UNNEEDED_MS = SchedulerKey.millis("idle.release-unneeded-ms",
      Scope.AM, 1_000, 0, 3_600_000, "how long a container may stay idle when the AM knows of no use for it: "
          + "every vertex of the running DAG has asked for containers and no waiting task can run in it, or no "
          + "DAG runs (between a session's DAGs); checked at each AM-RM heartbeat");
  public static final SchedulerKey<Integer> SESSION_HELD_CONTAINERS = SchedulerKey.count("session.held-containers",
      Scope.AM, 0, 0, Integer.MAX_VALUE, "idle containers a session AM keeps past the idle release while it waits "
          + "for its next DAG (warm JVMs for the next query)");
  public static final SchedulerKey<Long> PREEMPTION_MAX_WAIT_MS = SchedulerKey.millis("preemption.max-wait-ms",
      Scope.AM, 30_000, 0, 86_400_000, "how long the highest-priority runnable request may wait before the "
          + "scheduler preempts, whatever YARN's headroom says (headroom can be wrong: TEZ-2834)");
  public static final SchedulerKey<Integer> PREEMPTION_MAX_PERCENTAGE = SchedulerKey.count(
      "preemption.max-percentage", Scope.AM, 10, 1, 100,
      "most of the AM's task containers one preemption round may take back");
  public static final SchedulerKey<Long> PREEMPTION_INTERVAL_MS = SchedulerKey.millis("preemption.interval-ms",
      Scope.AM, 3_000, 0, 3_600_000, "least time between two preemption rounds (no preemption storms)");

  // DAG scope: read when each DAG starts, from its configuration.

  public static final SchedulerKey<LocalityMode> LOCALITY_MODE = SchedulerKey.choice("locality.mode", Scope.DAG,
      LocalityMode.AUTO, LocalityMode.class, "how tasks wait for data locality: strict, delay (Tez's), relaxed, "
          + "or auto (relaxed for tasks without real locality, delay with sized waits for the others)");
  public static final SchedulerKey<Long> LOCALITY_NODE_WAIT_MS = SchedulerKey.millis("locality.node-wait-ms",
      Scope.DAG, 250, 0, 3_600_000, "delay and strict: how long a task waits for a container on one of its "
          + "nodes before it takes one on their racks; auto: the most it waits, less where this AM's containers "
          + "free up on those nodes more often");
  public static final SchedulerKey<Long> LOCALITY_RACK_WAIT_MS = SchedulerKey.millis("locality.rack-wait-ms",
      Scope.DAG, 250, 0, 3_600_000, "delay: how long a task then waits for its racks before it takes any "
          + "container; auto: the most it waits, less where containers free up on those racks more often");
  public static final SchedulerKey<Double> LOCALITY_SPREAD_FRACTION = SchedulerKey.fraction(
      "locality.spread-fraction", Scope.DAG, 0.5, 0, 1, "auto: hints naming more than this share of the "
          + "cluster's nodes carry no real locality, and the task takes any container");

  /** Every key, AM scope first, in the order above. */
  public static final List<SchedulerKey<?>> ALL = List.of(REUSE_ENABLED, IDLE_RELEASE_MS, IDLE_RELEASE_CROWDED_MS,
      IDLE_RELEASE_UNNEEDED_MS, SESSION_HELD_CONTAINERS,
      PREEMPTION_MAX_WAIT_MS, PREEMPTION_MAX_PERCENTAGE, PREEMPTION_INTERVAL_MS, LOCALITY_MODE,
      LOCALITY_NODE_WAIT_MS, LOCALITY_RACK_WAIT_MS, LOCALITY_SPREAD_FRACTION);

  private SchedulerKeys() {
  }

  /** Every key as a Markdown table (docs/scheduler.md holds this table, checked by a test). */
  public static String markdownTable() {
    StringBuilder table = new StringBuilder("| key | scope | default | accepts | meaning |\n|---|---|---|---|---|\n");
    for (SchedulerKey<?> k : ALL) {
      table.append("| `").append(k.name()).append("` | ").append(k.scope().name().toLowerCase(Locale.ROOT))
          .append(" | ").append(k.defaultText()).append(" | ").append(k.accepts()).append(" | ").append(k.doc())
          .append(" |\n");
    }
    return table.toString();
  }

  /** The key named {@code name}, or null. */
  public static SchedulerKey<?> find(String name) {
    for (SchedulerKey<?> k : ALL) {
      if (k.name().equals(name)) {
        return k;
      }
    }
    return null;
  }

  /**
   * The AM-scope keys a DAG's configuration gives another value than the AM runs with (a Hive
   * session's {@code SET}): read once when the AM started, they cannot take effect for the DAG. One
   * sentence per key, naming it, both values and when it does take effect; empty when there are none.
   *
   * @param am the configuration the scheduler started with
   * @param dag the DAG's configuration (both already validated)
   */
  public static List<String> ignoredInDag(Configuration am, Configuration dag) {
    List<String> ignored = new ArrayList<>();
    for (SchedulerKey<?> k : ALL) {
      if (k.scope() == Scope.AM && dag.getTrimmed(k.name()) != null && !k.read(dag).equals(k.read(am))) {
        ignored.add(k.name() + " = " + dag.getTrimmed(k.name()) + " in the DAG's configuration has no effect: an AM-scope"
            + " key, read when the session's AM started (this AM runs with " + k.text(k.read(am)) + "); it takes effect"
            + " when a session starts with it (tez-site.xml, or the session's configuration before it starts)");
      }
    }
    return ignored;
  }

  /**
   * Fails on any key under {@link SchedulerKey#PREFIX} that is not a key of the scheduler (a typo
   * would otherwise be silently ignored), and on any value a key does not accept.
   */
  public static void validate(Configuration conf) {
    List<String> problems = new ArrayList<>();
    Map<String, String> ours = conf.getPropsWithPrefix(SchedulerKey.PREFIX);
    for (String suffix : new TreeSet<>(ours.keySet())) {
      SchedulerKey<?> key = find(SchedulerKey.PREFIX + suffix);
      if (key == null) {
        problems.add(SchedulerKey.PREFIX + suffix + " is not a key of the scheduler");
        continue;
      }
      try {
        key.read(conf);
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      List<String> names = ALL.stream().map(SchedulerKey::name).toList();
      throw new IllegalArgumentException("tezext scheduler configuration: " + String.join("; ", problems)
          + " (known keys: " + String.join(", ", names) + "; docs/scheduler.md)");
    }
  }
}
