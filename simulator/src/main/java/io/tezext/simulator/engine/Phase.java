package io.tezext.simulator.engine;

/**
 * Order among events due at the same virtual millisecond, earliest phase first. Facts first
 * (failures, finished work), then the AM reacting to them, then heartbeats that report them, then
 * timers and sampling: so a heartbeat always sees everything that happened at its instant.
 */
public enum Phase {
  /** Injected failures: a node is lost, a container dies. */
  FAILURE,
  /** A task attempt's work ends; a container finishes launching; a DAG arrives. */
  WORK,
  /** The AM acting on a scheduler decision (launch a task, stop a container). */
  AM_DISPATCH,
  /** NodeManager heartbeats: the ResourceManager allocates. */
  NODE_HEARTBEAT,
  /** AM-RM heartbeats: asks go up, containers and completions come down. */
  AM_HEARTBEAT,
  /** Scheduler timers (container reuse delays, idle release). */
  TIMER,
  /** Metrics sampling; sees the instant's final state. */
  SAMPLE
}
