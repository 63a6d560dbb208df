package io.tezext.hive.ordered;

import java.util.TreeSet;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.plan.MapWork;

/**
 * Route A's refusal of dynamic partition pruning. With {@code hive.tez.input.format} naming another
 * class than Hive's {@code HiveInputFormat}, Hive plans the map vertex with Tez's own split
 * generator, which knows nothing of pruning events: the splits it makes hold every partition, and
 * an event arriving before it finishes fails the DAG. A plan whose map work waits for pruning events
 * is refused before any split is made, naming the key that turns them off.
 */
final class PruningRefusal {
  static final String KEY = HiveConf.ConfVars.TEZ_DYNAMIC_PARTITION_PRUNING.varname;

  private PruningRefusal() {
  }

  /**
   * @throws IllegalStateException if {@code work} waits for pruning events and the key is on
   */
  static void check(MapWork work, Configuration conf) {
    if (work == null || work.getEventSourceTableDescMap().isEmpty()
        || !HiveConf.getBoolVar(conf, HiveConf.ConfVars.TEZ_DYNAMIC_PARTITION_PRUNING)) {
      return;
    }
    throw new IllegalStateException(work.getName() + " waits for dynamic partition pruning events from "
        + new TreeSet<>(work.getEventSourceTableDescMap().keySet()) + ", which Tez's split generator (the one Hive "
        + "uses when hive.tez.input.format is " + TezextHiveInputFormat.class.getName() + ") does not apply: "
        + "every partition would be read. SET " + KEY + "=false for queries read this way, or read the table "
        + "through route B (TezextOrcInputFormat as its INPUTFORMAT), where Hive prunes");
  }
}
