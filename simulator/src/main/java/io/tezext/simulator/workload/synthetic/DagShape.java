package io.tezext.simulator.workload.synthetic;

/** The query shapes the synthetic generator draws from, after what Hive makes of TPC-DS queries. */
public enum DagShape {
  /** A wide scan and an aggregation: Map 1 -> Reducer 2 (scatter-gather). */
  SCAN_AGGREGATE,
  /**
   * A multi-way join: two fact scans shuffle into a join reducer, a small dimension table is
   * broadcast into one of the scans (a map join), and the join result is aggregated.
   */
  MULTI_JOIN,
  /** A union: several scans shuffle into one reducer. */
  UNION,
  /** A map-only job: one vertex, no shuffle. */
  MAP_ONLY,
  /** Scan -> aggregate -> sort/window with a one-to-one edge between reducers of equal parallelism. */
  PIPELINE,
  /**
   * A left-deep chain of joins: two scans shuffle into a join, whose result joins a third scan, and
   * so on (three to five joins), then an aggregation. Every join waits for a scan that is a root of
   * the DAG, so a re-run scan task has work downstream that holds containers while it waits.
   */
  DEEP_JOIN
}
