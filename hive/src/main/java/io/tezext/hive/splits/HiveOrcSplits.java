package io.tezext.hive.splits;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.io.SyntheticFileId;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.orc.OrcProto;
import org.apache.orc.OrcUtils;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.ReaderImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.tezext.splitgen.BadInputException;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.orc.FileTail;
import io.tezext.splitgen.plan.PlannedFile;
import io.tezext.splitgen.plan.PlannedSplit;
import io.tezext.splitgen.split.StripeSplitGenerator;

/**
 * Plans a Hive scan's ORC splits with tezext's planner and hands them to Hive as its own
 * {@code OrcSplit}s, with the flags Hive gives a plain (original, non-ACID) file, the file's tail
 * where it is small enough to carry, and the size of the projected columns in the split's stripes
 * (what Hive's grouping weighs splits by), taken from those stripes' statistics.
 */
final class HiveOrcSplits {
  private static final Logger LOG = LoggerFactory.getLogger(HiveOrcSplits.class);

  private HiveOrcSplits() {
  }

  /** The table a Hive job plans (Hive copies the table's properties into it), for messages. */
  static String tableOf(JobConf job) {
    return job.get(hive_metastoreConstants.META_TABLE_NAME, "the table");
  }

  static InputSplit[] plan(JobConf job) throws IOException {
    String table = tableOf(job);
    SplitSettings settings;
    try {
      settings = SplitSettings.from(job);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(table + ": " + e.getMessage(), e);
    }
    if (settings.predicate() != null) {
      throw new IllegalArgumentException(table + ": " + SplitSettings.PREDICATE + " is set, but Hive pushes each "
          + "query's own predicate into TezextOrcInputFormat; unset it (RESET " + SplitSettings.PREDICATE + ")");
    }
    HiveSearchArgument predicate = HiveSearchArgument.pushedIn(job);
    List<Path> roots = Arrays.asList(FileInputFormat.getInputPaths(job));
    StripeSplitGenerator.Result result;
    try {
      result = StripeSplitGenerator.generate(roots, job, settings, predicate);
    } catch (BadInputException e) {
      throw new BadInputException(table + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) { // a Hive ACID layout under a table not marked transactional
      throw new IllegalArgumentException(table + ": " + e.getMessage(), e);
    }
    report(table, result, predicate);
    List<Path> qualifiedRoots = qualified(roots, job);
    boolean fileIds = HiveConf.getBoolVar(job, HiveConf.ConfVars.HIVE_ORC_INCLUDE_FILE_ID_IN_SPLITS)
        && HiveConf.getBoolVar(job, HiveConf.ConfVars.HIVE_ORC_ALLOW_SYNTHETIC_FILE_ID_IN_SPLITS);
    List<InputSplit> splits = new ArrayList<>(result.splits().size());
    for (PlannedFile file : result.plan().files()) {
      FileTail tail = file.tail();
      Path path = new Path(tail.path());
      byte[] carried = tail.tailForSplits(settings.tailInSplitBytes());
      ProjectedSize projected = new ProjectedSize(tail, job);
      Object fileKey = fileIds ? new SyntheticFileId(path, tail.length(), tail.version().modificationTime()) : null;
      Path root = rootOf(path, qualifiedRoots);
      for (PlannedSplit split : file.splits()) {
        Map<String, Long> counts = splits.isEmpty() ? result.counts() : Map.of();
        splits.add(new NotedOrcSplit(path, fileKey, split.start(), split.length(), split.hosts().toArray(new String[0]),
            carried, tail.version().modificationTime(), projected.of(split), tail.length(), root, counts));
      }
    }
    return splits.toArray(new InputSplit[0]);
  }

  private static void report(String table, StripeSplitGenerator.Result result, HiveSearchArgument predicate) {
    LOG.info("tezext route B for {}: {}; predicate {}; {} files, {} stripes ({} eliminated), {} splits", table,
        result.settings().summary(), predicate == null ? "none" : predicate, result.plan().files().size(),
        result.plan().stripes(), result.plan().stripesEliminated(), result.splits().size());
    if (!result.plan().skipped().isEmpty()) {
      LOG.warn("tezext route B for {}: left out {} files that are not readable ORC: {}", table,
          result.plan().skipped().size(), result.plan().skipped());
    }
    if (!result.unresolvedColumns().isEmpty()) {
      LOG.warn("tezext route B for {}: the query's predicate names columns no file has: {} (they eliminate no "
          + "stripe)", table, result.unresolvedColumns());
    }
    if (!result.columnsMissingFromSomeFiles().isEmpty()) {
      LOG.warn("tezext route B for {}: the query's predicate names columns some files lack, files lacking each: {} "
          + "(their stripes are all kept)", table, result.columnsMissingFromSomeFiles());
    }
  }

  private static List<Path> qualified(List<Path> roots, JobConf job) throws IOException {
    List<Path> qualified = new ArrayList<>();
    for (Path root : roots) {
      qualified.add(root.getFileSystem(job).makeQualified(root));
    }
    qualified.sort(Comparator.comparingInt((Path p) -> p.toString().length()).reversed()); // deepest first
    return qualified;
  }

  /** The input directory a file was listed under (Hive's partition directory), as Hive's splits name it. */
  private static Path rootOf(Path file, List<Path> roots) {
    String f = file.toString();
    for (Path root : roots) {
      String r = root.toString();
      if (f.equals(r) || f.startsWith(r.endsWith("/") ? r : r + "/")) {
        return root;
      }
    }
    return file.getParent();
  }

  /** The uncompressed size of the columns a query reads, in a split's stripes, from their statistics. */
  private static final class ProjectedSize {
    private final FileTail tail;
    private final List<OrcProto.Type> types;
    private final List<Integer> columns = new ArrayList<>();

    ProjectedSize(FileTail tail, JobConf job) {
      this.tail = tail;
      this.types = OrcUtils.getOrcTypes(tail.schema());
      List<TypeDescription> fileColumns = tail.schema().getChildren() == null ? List.of() : tail.schema().getChildren();
      boolean all = ColumnProjectionUtils.isReadAllColumns(job);
      List<Integer> read = ColumnProjectionUtils.getReadColumnIDs(job);
      for (int c = 0; c < fileColumns.size(); c++) {
        if (all || read.contains(c)) { // a plain file's columns are the table's, by position
          columns.add(fileColumns.get(c).getId());
        }
      }
    }

    /** Bytes, or 0 where the file has no statistics per stripe (Hive then weighs the split by its length). */
    long of(PlannedSplit split) {
      List<OrcProto.StripeStatistics> stats = tail.stripeStatistics();
      if (stats.size() != tail.stripes().size() || columns.isEmpty()) {
        return 0;
      }
      long bytes = 0;
      for (int s = split.firstStripe(); s < split.firstStripe() + split.stripes(); s++) {
        try {
          bytes += ReaderImpl.getRawDataSizeFromColIndices(columns, types, stats.get(s).getColStatsList());
        } catch (IOException | RuntimeException e) {
          return 0; // statistics ORC cannot size: the split's length stands in, as in Hive's own splits
        }
      }
      return bytes;
    }
  }
}
