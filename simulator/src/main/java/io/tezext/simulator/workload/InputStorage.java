package io.tezext.simulator.workload;

/** Where a root vertex reads its input from; decides locality hints and the locality penalty. */
public enum InputStorage {
  /** Blocks on the cluster's own DataNodes: tasks carry host hints and pay to read remotely. */
  HDFS,
  /** S3, ABFS, GCS and the like: no host hints, the same cost from every node. */
  OBJECT_STORE,
  /** No root input (an intermediate vertex, or a generator). */
  NONE
}
