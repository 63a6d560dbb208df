package io.tezext.scheduler.requests;

import java.util.BitSet;

/** The current DAG as far as blocking goes: which vertices descend from which. */
@FunctionalInterface
public interface DagShape {
  DagShape NONE = vertex -> new BitSet();

  /** The vertices that (transitively) consume {@code vertex}'s output. */
  BitSet descendants(int vertex);
}
