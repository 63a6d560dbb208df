package io.tezext.scheduler.config;

import java.util.Locale;

/** How a DAG's tasks wait for data locality. */
public enum LocalityMode {
  /**
   * Wait for a node holding the data, then for its rack, never beyond; tasks whose preferred nodes
   * are all lost or unhealthy fall back to any node. YARN is asked with relaxLocality off.
   */
  STRICT,
  /** Tez's behaviour: ask YARN for the nodes, reuse containers node, then rack, then any, after fixed waits. */
  DELAY,
  /** Ask YARN for any node and take any container: for inputs with no locality (object stores). */
  RELAXED,
  /**
   * Per task: relaxed when its hints carry no real locality (none, {@code localhost}, hosts not in the
   * cluster, or hints spanning most of it); otherwise delay, each wait sized from how often this AM's
   * containers free up on the preferred nodes.
   */
  AUTO;

  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
