package io.tezext.hive.ordered;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.tez.SplitGrouper;
import org.apache.hadoop.hive.ql.exec.tez.Utils;
import org.apache.hadoop.hive.ql.io.HiveInputFormat;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.TaskClock;

/**
 * Route A: Hive's {@link HiveInputFormat} whose grouped splits are read in order with the next
 * splits' readers opened ahead (tezext's reader, keys {@code tezext.reader.*}). Name it in
 * {@code hive.tez.input.format} for a session (docs/hive.md). Hive then plans the session's map
 * vertices with Tez's own split generator, which groups nothing and asks this class for its splits
 * and readers:
 *
 * <ul>
 *   <li>splits: each table's own ({@code HiveInputFormat}'s, so a table on route B plans with tezext),
 *       Hive's bucket pruning applied, then grouped by Hive's {@link SplitGrouper} as Hive's own
 *       split generator groups them, except that the cluster's free capacity is not known here: the
 *       groups are sized by {@code tez.grouping.min-size} / {@code max-size} or counted by
 *       {@code tez.grouping.split-count};</li>
 *   <li>reading: a group's splits in order, each opened through Hive's input format on a copy of the
 *       job, with Hive's per-input {@code IOContext} set to a split's file only when the read reaches
 *       it ({@link HiveContextHandOver}), so every row keeps its file and partition;</li>
 *   <li>dynamic partition pruning is refused ({@link PruningRefusal}): Tez's split generator cannot
 *       apply it.</li>
 * </ul>
 */
public class TezextHiveInputFormat<K extends WritableComparable<?>, V extends Writable>
    extends HiveInputFormat<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(TezextHiveInputFormat.class);

  @Override
  public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
    init(job);
    PruningRefusal.check(mrwork, job);
    BitSet buckets = mrwork.getIncludedBuckets();
    InputSplit[] splits = super.getSplits(job, numSplits);
    if (buckets != null) {
      splits = pruneBuckets(splits, buckets);
    }
    if (splits.length == 0) {
      return splits;
    }
    // Grouping is consistent from run to run when the splits come in one order (Hive's generator sorts too).
    Arrays.sort(splits, Comparator.comparing((InputSplit s) -> s instanceof FileSplit f ? f.getPath().toString() : "")
        .thenComparingLong(s -> s instanceof FileSplit f ? f.getStart() : 0));
    InputSplit[] grouped;
    try {
      // As many slots as splits, one wave: the grouper's size bounds (tez.grouping.*) decide the groups.
      grouped = new SplitGrouper().generateGroupedSplits(job, job, splits, 1f, splits.length,
          Utils.getSplitLocationProvider(job, mrwork.getCacheAffinity(), LOG)).values().toArray(new InputSplit[0]);
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("grouping the splits of " + mrwork.getName() + " failed: " + e, e);
    }
    LOG.info("tezext route A for {}: {} splits in {} groups, each read in order with readers opened ahead",
        mrwork.getName(), splits.length, grouped.length);
    return grouped;
  }

  @Override
  @SuppressWarnings("unchecked")
  public RecordReader<K, V> getRecordReader(InputSplit split, JobConf job, Reporter reporter) throws IOException {
    if (!(split instanceof TezGroupedSplit group)) {
      return super.getRecordReader(split, job, reporter);
    }
    if (mrwork == null) {
      init(job); // here, on the reading thread: the opens ahead would each load the plan at once
    }
    ReaderSettings settings = ReaderSettings.from(job);
    return HiveContextHandOver.read(group.getGroupedSplits(),
        (inner, conf) -> TezextHiveInputFormat.super.getRecordReader(inner, conf, reporter), job, reporter, settings,
        TaskClock.INSTANCE);
  }

  private static InputSplit[] pruneBuckets(InputSplit[] splits, BitSet buckets) {
    List<InputSplit> kept = new ArrayList<>(splits.length);
    for (InputSplit split : splits) {
      int bucket = Utilities.parseSplitBucket(split);
      if (bucket < 0 || buckets.get(bucket)) { // a bucket it cannot tell is read
        kept.add(split);
      }
    }
    return kept.toArray(new InputSplit[0]);
  }
}
