package io.tezext.scheduler.config;

import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_CONTAINER_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_MODE;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_NODE_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_RACK_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_SPREAD_FRACTION;
import static io.tezext.scheduler.config.SchedulerKeys.ORDER_CRITICAL_PATH;

import java.util.Locale;

import org.apache.hadoop.conf.Configuration;

import io.tezext.scheduler.locality.LocalityMode;
import io.tezext.scheduler.locality.LocalityRules;
import io.tezext.settings.Scope;
import io.tezext.settings.ScopedSettings;

/** The DAG-scope settings, read and validated from each DAG's configuration when it starts. */
public record DagSettings(LocalityMode localityMode, long nodeWaitMs, long rackWaitMs, long containerWaitMs,
    double spreadFraction, boolean criticalPathFirst)
    implements LocalityRules {

  public static final DagSettings DEFAULTS = of(new Configuration(false));

  public static DagSettings of(Configuration conf) {
    ScopedSettings dag = SchedulerKeys.KEYS.readAt(Scope.DAG, conf);
    return new DagSettings(dag.get(LOCALITY_MODE), dag.get(LOCALITY_NODE_WAIT_MS), dag.get(LOCALITY_RACK_WAIT_MS),
        dag.get(LOCALITY_CONTAINER_WAIT_MS), dag.get(LOCALITY_SPREAD_FRACTION), dag.get(ORDER_CRITICAL_PATH));
  }

  /** One log line of the effective settings. */
  public String summary() {
    return String.format(Locale.ROOT,
        "locality %s, node wait %d ms, rack wait %d ms, container wait %d ms, spread %.2f, %s",
        localityMode.configName(), nodeWaitMs, rackWaitMs, containerWaitMs, spreadFraction,
        criticalPathFirst ? "critical path first" : "Tez's vertex order");
  }
}
