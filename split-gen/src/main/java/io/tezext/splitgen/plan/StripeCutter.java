package io.tezext.splitgen.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.tezext.splitgen.orc.Stripe;

/**
 * Cuts one ORC file into splits of whole stripes. A split never ends inside a stripe, so no task
 * reads a stripe that another task owns and every row is read exactly once. Stripes are grouped in
 * file order: a split closes when the next stripe would take it past the maximum, or, once it holds
 * the minimum, where the next stripe starts in another block of the file system (so that a split's
 * bytes sit on one block's hosts where the layout allows). A split's hosts are those holding most of
 * its bytes.
 */
public final class StripeCutter {
  /** Hosts a split names at most: HDFS's usual replication, what YARN's locality can use. */
  static final int MAX_HOSTS = 3;

  private final SplitSizes sizes;

  public StripeCutter(SplitSizes sizes) {
    this.sizes = sizes;
  }

  /**
   * The splits of a file's stripes (in file order), given the file's blocks (any order; none for a
   * file system that reports no locations).
   */
  public List<PlannedSplit> cut(String path, List<Stripe> stripes, List<Block> blocks) {
    List<Block> byOffset = new ArrayList<>(blocks);
    byOffset.sort(Comparator.comparingLong(Block::offset));
    List<PlannedSplit> splits = new ArrayList<>();
    int first = 0;
    int firstBlock = stripes.isEmpty() ? -1 : blockIndex(byOffset, stripes.get(0).offset());
    long bytes = 0;
    for (int i = 0; i < stripes.size(); i++) {
      Stripe s = stripes.get(i);
      int block = blockIndex(byOffset, s.offset());
      if (i > first) {
        boolean tooBig = bytes + s.length() > sizes.maxBytes();
        boolean blockEdge = bytes >= sizes.minBytes() && block != firstBlock;
        if (tooBig || blockEdge) {
          splits.add(split(path, stripes, first, i, byOffset));
          first = i;
          firstBlock = block;
          bytes = 0;
        }
      }
      bytes += s.length();
    }
    if (first < stripes.size()) {
      splits.add(split(path, stripes, first, stripes.size(), byOffset));
    }
    return splits;
  }

  private static PlannedSplit split(String path, List<Stripe> stripes, int from, int to, List<Block> blocks) {
    long start = stripes.get(from).offset();
    long end = stripes.get(to - 1).end();
    long rows = 0;
    for (int i = from; i < to; i++) {
      rows += stripes.get(i).rows();
    }
    return new PlannedSplit(path, from, to - from, start, end - start, rows, hostsHoldingMost(blocks, start, end));
  }

  /**
   * The index of the block holding {@code offset}, or -1 if none does (or there are no blocks):
   * a binary search, as a large file has hundreds of stripes and blocks.
   */
  private static int blockIndex(List<Block> blocks, long offset) {
    int lo = 0;
    int hi = blocks.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Block b = blocks.get(mid);
      if (offset < b.offset()) {
        hi = mid - 1;
      } else if (offset >= b.end()) {
        lo = mid + 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /** Hosts by the bytes of [start, end) they hold, most first (ties by name), at most {@link #MAX_HOSTS}. */
  static List<String> hostsHoldingMost(List<Block> blocks, long start, long end) {
    Map<String, Long> held = new TreeMap<>();
    for (Block b : blocks) {
      long overlap = Math.min(end, b.end()) - Math.max(start, b.offset());
      if (overlap > 0) {
        for (String host : b.hosts()) {
          held.merge(host, overlap, Long::sum);
        }
      }
    }
    return held.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(MAX_HOSTS).map(Map.Entry::getKey).toList();
  }
}
