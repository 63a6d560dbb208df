package io.tezext.scheduler.config;

import java.util.List;

import io.tezext.scheduler.locality.LocalityMode;
import io.tezext.settings.Key;
import io.tezext.settings.KeySet;
import io.tezext.settings.Scope;

/**
 * Every key the scheduler reads, in one place: name, scope, default, what it accepts, meaning.
 * docs/scheduler.md lists them from {@link #KEYS}, and the simulator checks scheduler settings against them.
 */
public final class SchedulerKeys {
  /** Every key of the scheduler starts with this. */
  public static final String PREFIX = "tezext.scheduler.";

  // AM scope: read once when the scheduler starts.

  public static final Key<Boolean> REUSE_ENABLED = Key.flag(PREFIX + "reuse.enabled", Scope.AM, true,
      "run a task in a container an earlier task of the AM ran in (a warm JVM) instead of asking YARN for a new one");
  public static final Key<Long> IDLE_RELEASE_MS = Key.millis(PREFIX + "idle.release-ms", Scope.AM, 5_000,
      0, 3_600_000, "how long a container may stay idle with no task able to use it before it goes back to YARN (a waiting task "
          + "that will take it once its wait for its nodes or racks, or the container's own wait, is over counts as able)");
  public static final Key<Long> IDLE_RELEASE_CROWDED_MS = Key.millis(PREFIX + "idle.release-crowded-ms",
      Scope.AM, 500, 0, 3_600_000, "how long a container may stay idle while YARN's headroom says the AM's "
          + "queue has no room for another like it, or other applications of the queue wait for as much "
          + "(idle.queue-poll-ms), before it goes back, unless a waiting task will take it once a locality wait is over");
  public static final Key<Long> IDLE_RELEASE_UNNEEDED_MS = Key.millis(PREFIX + "idle.release-unneeded-ms",
      Scope.AM, 500, 0, 3_600_000, "how long a container may stay idle when the AM knows of no use for it: "
          + "every vertex of the running DAG has asked for containers and no waiting task can run in it, or no "
          + "DAG runs (between a session's DAGs); checked at each AM-RM heartbeat");
  public static final Key<Integer> SESSION_HELD_CONTAINERS = Key.count(PREFIX + "session.held-containers",
      Scope.AM, 8, 0, Integer.MAX_VALUE, "most idle containers a session AM keeps past the idle release while it "
          + "waits for its next DAG (warm JVMs for the next query): as many as its last three DAGs' first waves asked "
          + "for, at most this many; through a pause as short as its last ones (session.pause-hold-ms) whatever the "
          + "queue, past it only while YARN's headroom has room for as many again and no other application of the "
          + "queue is known to wait");
  public static final Key<Long> SESSION_PAUSE_HOLD_MS = Key.millis(PREFIX + "session.pause-hold-ms",
      Scope.AM, 15_000, 0, 3_600_000, "longest pause between a session's DAGs its pool (session.held-containers) is "
          + "kept through whatever the queue: while its last three pauses (a DAG's end to the next DAG's first "
          + "request for a container) were all this short, the session keeps its pool from a DAG's end for as long "
          + "as the longest of them; 0: never, the pool is kept only while YARN's headroom has room for it");
  public static final Key<Long> IDLE_QUEUE_POLL_MS = Key.millis(PREFIX + "idle.queue-poll-ms", Scope.AM, 2_000,
      0, 3_600_000, "how often the AM asks the ResourceManager what its queue's applications wait for (the queue's "
          + "pending memory less the AM's own asks); while others wait for a container's worth, an idle container "
          + "goes back after idle.release-crowded-ms and the session keeps none, as when the headroom is short; "
          + "0: YARN's headroom alone");
  public static final Key<Long> PREEMPTION_MAX_WAIT_MS = Key.millis(PREFIX + "preemption.max-wait-ms",
      Scope.AM, 30_000, 0, 86_400_000, "how long the highest-priority runnable request may wait before the "
          + "scheduler preempts, whatever YARN's headroom says (headroom can be wrong: TEZ-2834)");
  public static final Key<Integer> PREEMPTION_MAX_PERCENTAGE = Key.count(
      PREFIX + "preemption.max-percentage", Scope.AM, 10, 1, 100,
      "most of the AM's task containers one preemption round may take back");
  public static final Key<Long> PREEMPTION_INTERVAL_MS = Key.millis(PREFIX + "preemption.interval-ms",
      Scope.AM, 3_000, 0, 3_600_000, "least time between two preemption rounds (no preemption storms)");

  // DAG scope: read when each DAG starts, from its configuration.

  public static final Key<LocalityMode> LOCALITY_MODE = Key.choice(PREFIX + "locality.mode", Scope.DAG,
      LocalityMode.AUTO, LocalityMode.class, "how tasks wait for data locality: strict, delay (Tez's), relaxed, "
          + "or auto (relaxed for tasks without real locality, delay with sized waits for the others)");
  public static final Key<Long> LOCALITY_NODE_WAIT_MS = Key.millis(PREFIX + "locality.node-wait-ms",
      Scope.DAG, 250, 0, 3_600_000, "delay and strict: how long a task waits for a container on one of its "
          + "nodes before it takes one on their racks; auto: the most it waits, less where this AM's containers "
          + "free up on those nodes more often");
  public static final Key<Long> LOCALITY_RACK_WAIT_MS = Key.millis(PREFIX + "locality.rack-wait-ms",
      Scope.DAG, 250, 0, 3_600_000, "delay: how long a task then waits for its racks before it takes any "
          + "container; auto: the most it waits, less where containers free up on those racks more often");
  public static final Key<Long> LOCALITY_CONTAINER_WAIT_MS = Key.millis(PREFIX + "locality.container-wait-ms",
      Scope.DAG, 100, 0, 3_600_000, "how long a container a task has left (or one YARN allocated that no task took "
          + "at once) waits for a task that wants its node before a task that only accepts its rack or any node "
          + "by now may take it; tasks whose hints carry no locality take it at once");
  // 0.8, not 0.5: three replicas on a cluster of four or five nodes are most of it, and still worth a wait.
  public static final Key<Double> LOCALITY_SPREAD_FRACTION = Key.fraction(
      PREFIX + "locality.spread-fraction", Scope.DAG, 0.8, 0, 1, "auto: hints naming more than this share of the "
          + "cluster's nodes carry no real locality, and the task takes any container");
  public static final Key<Boolean> ORDER_CRITICAL_PATH = Key.flag(PREFIX + "order.critical-path", Scope.DAG, true,
      "among vertices at the same distance from the DAG's roots (which Tez serves by vertex index), serve first "
          + "the one with the longest chain of consumers below it");

  /** Every key, AM scope first, in the order above. */
  public static final KeySet KEYS = new KeySet(PREFIX, "the scheduler", "docs/scheduler.md", List.of(REUSE_ENABLED,
      IDLE_RELEASE_MS, IDLE_RELEASE_CROWDED_MS, IDLE_RELEASE_UNNEEDED_MS, SESSION_HELD_CONTAINERS,
      SESSION_PAUSE_HOLD_MS, IDLE_QUEUE_POLL_MS, PREEMPTION_MAX_WAIT_MS, PREEMPTION_MAX_PERCENTAGE,
      PREEMPTION_INTERVAL_MS, LOCALITY_MODE, LOCALITY_NODE_WAIT_MS, LOCALITY_RACK_WAIT_MS, LOCALITY_CONTAINER_WAIT_MS, LOCALITY_SPREAD_FRACTION,
      ORDER_CRITICAL_PATH));

  private SchedulerKeys() {
  }
}
