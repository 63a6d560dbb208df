package io.tezext.scheduler.requests;

import java.util.BitSet;
import java.util.function.IntFunction;

/**
 * The current DAG as far as the scheduler's decisions go: how many vertices it has, and which
 * descend from which.
 *
 * @param vertices the DAG's vertex count
 * @param descendantsOf the vertices that (transitively) consume a vertex's output
 */
public record DagShape(int vertices, IntFunction<BitSet> descendantsOf) {
  public static final DagShape NONE = new DagShape(0, vertex -> new BitSet());

  /** The vertices that (transitively) consume {@code vertex}'s output. */
  public BitSet descendants(int vertex) {
    return descendantsOf.apply(vertex);
  }
}
