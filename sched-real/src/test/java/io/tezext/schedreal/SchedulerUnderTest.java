package io.tezext.schedreal;

import java.util.Map;

import io.tezext.scheduler.tez.TezextTaskScheduler;
import io.tezext.simulator.scheduler.SchedulerSpec;

/** The two schedulers compared, each named in {@code tez.am.yarn.scheduler.class} as a user would. */
enum SchedulerUnderTest {
  /** Tez 0.10.5's default, the baseline. */
  DAG_AWARE("dagaware", "org.apache.tez.dag.app.rm.DagAwareYarnTaskScheduler"),
  /** Ours, with its defaults. */
  TEZEXT("tezext", TezextTaskScheduler.class.getName()),
  /**
   * DagAware as it is, logging what the RM tells it (resource types, headroom): the benchmark's
   * warm-up run and its headroom probes; never compared.
   */
  DAG_AWARE_PROBED("dagaware-probed", "org.apache.tez.dag.app.rm.HeadroomProbeScheduler");

  private final String label;
  private final String className;

  SchedulerUnderTest(String label, String className) {
    this.label = label;
    this.className = className;
  }

  /** A short name for directories, the manifest and the report. */
  String label() {
    return label;
  }

  String className() {
    return className;
  }

  /**
   * The compared schedulers' keys for their runs, as {@code -Dsched-real.baseline-conf='KEY=VALUE;...'}
   * (DagAware) and {@code -Dsched-real.ours-conf} (ours) give them; absent: each one's defaults.
   */
  static Map<SchedulerUnderTest, Map<String, String>> comparedKeys() {
    return Map.of(DAG_AWARE, DAG_AWARE.keys("sched-real.baseline-conf"), TEZEXT, TEZEXT.keys("sched-real.ours-conf"));
  }

  private Map<String, String> keys(String property) {
    return keys(property, System.getProperty(property, ""));
  }

  /**
   * {@code KEY=VALUE;...} as this scheduler's keys, given by the system property {@code property},
   * checked as {@code tezext-sim --scheduler 'NAME(...)'} checks them: a misspelt key, or a value the
   * scheduler would quietly replace by its default, is an error naming the property and the key.
   * Blank: the scheduler's defaults.
   */
  Map<String, String> keys(String property, String text) {
    if (text.isBlank()) {
      return Map.of();
    }
    try {
      return Map.copyOf(SchedulerSpec.parse(label + "(" + text.trim() + ")").conf());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("-D" + property + ": " + e.getMessage(), e);
    }
  }
}
