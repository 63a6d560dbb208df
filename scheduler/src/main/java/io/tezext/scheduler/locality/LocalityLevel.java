package io.tezext.scheduler.locality;

/** Where a task may run relative to its data, in the order it is allowed to fall back. */
public enum LocalityLevel {
  /** On a node holding its data. */
  NODE,
  /** On another node of a rack holding its data. */
  RACK,
  /** Anywhere. */
  ANY
}
