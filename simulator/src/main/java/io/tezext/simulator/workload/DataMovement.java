package io.tezext.simulator.workload;

/** How data moves along an edge; decides when consumer tasks may start (see the AM model). */
public enum DataMovement {
  /** Every consumer reads a partition of every producer (ShuffleVertexManager, slow start). */
  SCATTER_GATHER,
  /** Every consumer reads all of every producer's output, after all producers finish. */
  BROADCAST,
  /** Consumer task i reads producer task i and may start as soon as that one finishes. */
  ONE_TO_ONE
}
