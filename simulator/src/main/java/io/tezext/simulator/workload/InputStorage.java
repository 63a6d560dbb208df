package io.tezext.simulator.workload;

/** Where a root vertex reads its input from; decides locality hints and the locality penalty. */
public enum InputStorage {
  /** Blocks on the cluster's own DataNodes: tasks carry host hints and pay to read remotely. */
  HDFS,
  /**
   * S3, ABFS, GCS and the like: the same cost from every node. Their connectors report
   * {@code localhost} as every block's host, so the tasks hint that (a node no cluster has).
   */
  OBJECT_STORE,
  /**
   * A root input whose splits name no hosts (generated data, or history that recorded no
   * locations): no hints, the same cost from every node.
   */
  UNLOCATED,
  /** No root input (an intermediate vertex, or a generator). */
  NONE;

  /**
   * The host S3A, ABFS and the GCS connector report for every block of an object, which Tez's
   * split grouper passes on as the task's hint: no node of a cluster may be named so.
   */
  public static final String OBJECT_STORE_HOST = "localhost";
}
