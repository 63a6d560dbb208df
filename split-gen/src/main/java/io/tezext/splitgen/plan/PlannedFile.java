package io.tezext.splitgen.plan;

import java.util.List;

import io.tezext.splitgen.orc.FileTail;

/**
 * One file as planned: its tail, the splits cut from the stripes a predicate left, and how many
 * stripes it ruled out.
 */
public record PlannedFile(FileTail tail, List<PlannedSplit> splits, int stripesEliminated) {
  public PlannedFile {
    splits = List.copyOf(splits);
  }

  /** Rows in the splits; {@link FileTail#UNKNOWN_ROWS} where the file's footer does not count them. */
  public long rows() {
    return tail.rows() == FileTail.UNKNOWN_ROWS ? FileTail.UNKNOWN_ROWS
        : splits.stream().mapToLong(PlannedSplit::rows).sum();
  }
}
