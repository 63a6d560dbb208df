package io.tezext.scheduler.locality;

import java.util.List;
import java.util.Locale;

/**
 * How a DAG's tasks wait for data locality. Each mode makes its own {@link LocalityPlan}, so a new
 * mode cannot be declared without saying how it plans.
 */
public enum LocalityMode {
  /**
   * Wait for a node holding the data, then for its rack, never beyond; tasks whose preferred nodes
   * are all lost or unhealthy, or whose hints carry no real locality (as in {@link #AUTO}), take any
   * node. YARN is asked with relaxLocality off.
   */
  STRICT {
    @Override
    LocalityPlan plan(List<String> hosts, List<String> racks, LocalityRules rules, LocalityPlanner planner) {
      // A strict task with nothing real to wait for (localhost, hints everywhere) would wait forever.
      return planner.hasRealLocality(hosts, rules) ? LocalityPlan.strict(hosts, racks, rules.nodeWaitMs())
          : LocalityPlan.relaxed();
    }
  },
  /** Tez's behaviour: ask YARN for the nodes, reuse containers node, then rack, then any, after fixed waits. */
  DELAY {
    @Override
    LocalityPlan plan(List<String> hosts, List<String> racks, LocalityRules rules, LocalityPlanner planner) {
      return LocalityPlan.delay(hosts, racks, rules.nodeWaitMs(), rules.rackWaitMs());
    }
  },
  /** Ask YARN for any node and take any container: for inputs with no locality (object stores). */
  RELAXED {
    @Override
    LocalityPlan plan(List<String> hosts, List<String> racks, LocalityRules rules, LocalityPlanner planner) {
      return LocalityPlan.relaxed();
    }
  },
  /**
   * Per task: relaxed when its hints carry no real locality (none, {@code localhost} as object
   * stores report, or hints spanning more than {@code locality.spread-fraction} of the cluster);
   * otherwise delay, each wait sized from how often this AM's containers free up on the preferred
   * nodes.
   */
  AUTO {
    @Override
    LocalityPlan plan(List<String> hosts, List<String> racks, LocalityRules rules, LocalityPlanner planner) {
      if (!planner.hasRealLocality(hosts, rules)) {
        return LocalityPlan.anywhere(hosts);
      }
      return LocalityPlan.delay(hosts, racks, planner.sizedNodeWaitMs(hosts, rules),
          planner.sizedRackWaitMs(racks, rules));
    }
  };

  /** The plan of a task that prefers {@code hosts} and {@code racks} (not both empty, some host usable). */
  abstract LocalityPlan plan(List<String> hosts, List<String> racks, LocalityRules rules, LocalityPlanner planner);

  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
