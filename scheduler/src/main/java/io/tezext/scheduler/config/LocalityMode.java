package io.tezext.scheduler.config;

import java.util.Locale;

/** How a DAG's tasks wait for data locality. */
public enum LocalityMode {
  /**
   * Wait for a node holding the data, then for its rack, never beyond; tasks whose preferred nodes
   * are all lost or unhealthy, or whose hints carry no real locality (as in {@link #AUTO}), take any
   * node. YARN is asked with relaxLocality off.
   */
  STRICT,
  /** Tez's behaviour: ask YARN for the nodes, reuse containers node, then rack, then any, after fixed waits. */
  DELAY,
  /** Ask YARN for any node and take any container: for inputs with no locality (object stores). */
  RELAXED,
  /**
   * Per task: relaxed when its hints carry no real locality (none, {@code localhost} as object
   * stores report, or hints spanning more than {@code locality.spread-fraction} of the cluster);
   * otherwise delay, each wait sized from how often this AM's containers free up on the preferred
   * nodes.
   */
  AUTO;

  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
