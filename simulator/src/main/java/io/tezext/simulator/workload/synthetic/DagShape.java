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
  PIPELINE
}
