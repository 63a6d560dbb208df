package io.tezext.schedreal;

import io.tezext.scheduler.tez.TezextTaskScheduler;

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
}
