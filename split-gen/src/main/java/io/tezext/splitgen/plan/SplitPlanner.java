package io.tezext.splitgen.plan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;

import io.tezext.splitgen.listing.TableFiles;
import io.tezext.splitgen.orc.FileTail;
import io.tezext.splitgen.orc.FooterReads;

/**
 * Plans the splits of a table: its files listed once per root, their tails read in parallel, each
 * file cut into splits of whole stripes where its blocks lie. What the planner read and left out
 * comes with the splits, so that a caller can count and report it.
 */
public final class SplitPlanner {
  /** The splits, in file order, and what planning read. */
  public record Plan(List<PlannedSplit> splits, int files, long stripes, long rows, List<String> skipped) {
  }

  private final FooterReads footers;
  private final StripeCutter cutter;
  private final Configuration conf;

  public SplitPlanner(FooterReads footers, SplitSizes sizes, Configuration conf) {
    this.footers = footers;
    this.cutter = new StripeCutter(sizes);
    this.conf = conf;
  }

  public Plan plan(List<Path> roots, boolean skipBad) throws IOException {
    List<LocatedFileStatus> files = TableFiles.list(roots, conf);
    FooterReads.Result read = footers.read(files, skipBad);
    Map<String, LocatedFileStatus> byPath = files.stream()
        .collect(Collectors.toMap(f -> f.getPath().toString(), Function.identity()));
    List<PlannedSplit> splits = new ArrayList<>();
    long stripes = 0;
    long rows = 0;
    for (FileTail tail : read.tails()) {
      splits.addAll(cutter.cut(tail.path(), tail.stripes(), blocks(byPath.get(tail.path()))));
      stripes += tail.stripes().size();
      rows += tail.rows();
    }
    return new Plan(splits, read.tails().size(), stripes, rows, read.skipped());
  }

  private static List<Block> blocks(LocatedFileStatus file) throws IOException {
    List<Block> blocks = new ArrayList<>();
    for (BlockLocation b : file.getBlockLocations()) {
      blocks.add(new Block(b.getOffset(), b.getLength(), Arrays.asList(b.getHosts())));
    }
    return blocks;
  }
}
