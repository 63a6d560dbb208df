package io.tezext.simulator.metrics;

/** Where a task attempt ran relative to its input. */
public enum Locality {
  NODE_LOCAL,
  RACK_LOCAL,
  OFF_SWITCH,
  /** The task has no locality preference (intermediate vertex, object-store input). */
  ANY
}
