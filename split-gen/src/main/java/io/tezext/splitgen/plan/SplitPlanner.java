package io.tezext.splitgen.plan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;

import io.tezext.splitgen.listing.TableFiles;
import io.tezext.splitgen.orc.FileTail;
import io.tezext.splitgen.orc.FooterReads;
import io.tezext.splitgen.orc.Stripe;
import io.tezext.splitgen.orc.StripeElimination;

/**
 * Plans the splits of a table: its files listed once per root, roots and tails read in parallel on
 * one pool, the stripes a predicate rules out dropped, and each file cut into splits of whole
 * stripes where its blocks lie. A split spans stripes that follow one another in the file (a task reads every stripe
 * that starts in its byte range), so the stripes between two eliminated ones form their own splits.
 * What planning read and left out comes with the plan, so that a caller can count and report it.
 */
public final class SplitPlanner {
  /** The files planned, in path order, the files left out with why, and the stripes ruled out. */
  public record Plan(List<PlannedFile> files, List<String> skipped) {
    public Plan {
      files = List.copyOf(files);
      skipped = List.copyOf(skipped);
    }

    /** Every split, in file order. */
    public List<PlannedSplit> splits() {
      return files.stream().flatMap(f -> f.splits().stream()).toList();
    }

    public long stripes() {
      return files.stream().mapToLong(f -> f.tail().stripes().size()).sum();
    }

    public long stripesEliminated() {
      return files.stream().mapToLong(PlannedFile::stripesEliminated).sum();
    }

    /** Rows in the splits of the files whose footers count them. */
    public long rows() {
      return files.stream().mapToLong(PlannedFile::rows).filter(r -> r != FileTail.UNKNOWN_ROWS).sum();
    }

    /** Files whose footers do not count their rows (old writers): {@link #rows()} leaves them out. */
    public long filesWithUnknownRows() {
      return files.stream().filter(f -> f.rows() == FileTail.UNKNOWN_ROWS).count();
    }
  }

  private final ExecutorService pool;
  private final FooterReads footers;
  private final StripeCutter cutter;
  private final StripeElimination elimination;
  private final Configuration conf;

  /**
   * @param elimination the predicate's stripe elimination, or null for none
   */
  public SplitPlanner(ExecutorService pool, FooterReads footers, SplitSizes sizes, StripeElimination elimination,
      Configuration conf) {
    this.pool = pool;
    this.footers = footers;
    this.cutter = new StripeCutter(sizes);
    this.elimination = elimination;
    this.conf = conf;
  }

  public Plan plan(List<Path> roots, boolean skipBad) throws IOException {
    List<LocatedFileStatus> files = TableFiles.list(roots, conf, pool);
    FooterReads.Result read = footers.read(files, skipBad);
    Map<String, LocatedFileStatus> byPath = files.stream()
        .collect(Collectors.toMap(f -> f.getPath().toString(), Function.identity()));
    List<PlannedFile> planned = new ArrayList<>(read.tails().size());
    for (FileTail tail : read.tails()) {
      planned.add(planFile(tail, blocks(byPath.get(tail.path()))));
    }
    return new Plan(planned, read.skipped());
  }

  private PlannedFile planFile(FileTail tail, List<Block> blocks) throws IOException {
    List<Stripe> stripes = tail.stripes();
    boolean[] keep = elimination == null ? null : elimination.keep(tail);
    List<PlannedSplit> splits = new ArrayList<>();
    int eliminated = 0;
    int runStart = 0;
    for (int i = 0; i <= stripes.size(); i++) {
      boolean kept = i < stripes.size() && (keep == null || keep[i]);
      if (!kept) {
        if (i > runStart) {
          for (PlannedSplit s : cutter.cut(tail.path(), stripes.subList(runStart, i), blocks)) {
            splits.add(s.shiftedBy(runStart));
          }
        }
        if (i < stripes.size()) {
          eliminated++;
        }
        runStart = i + 1;
      }
    }
    return new PlannedFile(tail, splits, eliminated);
  }

  private static List<Block> blocks(LocatedFileStatus file) throws IOException {
    List<Block> blocks = new ArrayList<>();
    for (BlockLocation b : file.getBlockLocations()) {
      blocks.add(new Block(b.getOffset(), b.getLength(), Arrays.asList(b.getHosts())));
    }
    return blocks;
  }
}
