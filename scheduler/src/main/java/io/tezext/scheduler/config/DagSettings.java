package io.tezext.scheduler.config;

import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_MODE;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_NODE_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_RACK_WAIT_MS;
import static io.tezext.scheduler.config.SchedulerKeys.LOCALITY_SPREAD_FRACTION;

import java.util.Locale;

import org.apache.hadoop.conf.Configuration;

/** The DAG-scope settings, read and validated from each DAG's configuration when it starts. */
public record DagSettings(LocalityMode localityMode, long nodeWaitMs, long rackWaitMs, double spreadFraction) {

  public static final DagSettings DEFAULTS = of(new Configuration(false));

  public static DagSettings of(Configuration conf) {
    SchedulerKeys.KEYS.validate(conf);
    return new DagSettings(LOCALITY_MODE.read(conf), LOCALITY_NODE_WAIT_MS.read(conf),
        LOCALITY_RACK_WAIT_MS.read(conf), LOCALITY_SPREAD_FRACTION.read(conf));
  }

  /** One log line of the effective settings. */
  public String summary() {
    return String.format(Locale.ROOT, "locality %s, node wait %d ms, rack wait %d ms, spread %.2f",
        localityMode.configName(), nodeWaitMs, rackWaitMs, spreadFraction);
  }
}
