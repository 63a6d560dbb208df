package io.tezext.splitgen.plan;

import java.util.List;

/**
 * A split of whole stripes of one file: stripes {@code [firstStripe, firstStripe + stripes)}, the
 * byte range they span, their rows, and the hosts holding most of those bytes (most first).
 */
public record PlannedSplit(String path, int firstStripe, int stripes, long start, long length, long rows,
    List<String> hosts) {
  public PlannedSplit {
    hosts = List.copyOf(hosts);
  }

  /** This split with its stripe numbers counted from {@code stripes} stripes earlier in the file. */
  PlannedSplit shiftedBy(int stripes) {
    return stripes == 0 ? this : new PlannedSplit(path, firstStripe + stripes, this.stripes, start, length, rows, hosts);
  }
}
