package io.tezext.hive.splits;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.io.orc.OrcInputFormat;
import org.apache.hadoop.hive.ql.io.orc.OrcStruct;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Route B: Hive's {@link OrcInputFormat} whose splits tezext plans. Name it as a table's or
 * partition's {@code INPUTFORMAT} (docs/hive.md); Hive's split generator in the AM asks it for the
 * splits of each group of the scan's directories after pushing the query's projection and predicate
 * into the job configuration, and everything else stays Hive's: dynamic partition pruning (it is
 * asked only for the partitions left), grouping, bucket pruning, and reading (the splits are Hive's
 * {@code OrcSplit}s; the vectorizer accepts a subclass of {@code OrcInputFormat}).
 *
 * <p>The splits: every directory listed once, recursively, in parallel; every file's tail read in
 * parallel with the status its listing gave (no request of its own for the status); the stripes
 * Hive's predicate rules out dropped by ORC's own evaluation; splits of whole stripes, sized by
 * {@code tezext.split.*} (docs/configuration.md), carrying their file's tail to the task. A file
 * that is not readable ORC fails the query naming it (or, with {@code tezext.split.skip-bad-files},
 * is counted and left out).
 *
 * <p>Transactional tables (full ACID and insert-only) are planned by Hive's own {@code OrcInputFormat}:
 * their deltas need Hive's merge, and Hive's vectorizer reads them only through that exact class.
 */
public class TezextOrcInputFormat extends OrcInputFormat {
  /** The counter group a scan's planning counts are published in (see {@link NotedOrcSplit}). */
  public static final String COUNTER_GROUP = "tezext split generation";

  private static final Logger LOG = LoggerFactory.getLogger(TezextOrcInputFormat.class);

  @Override
  public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
    if (transactional(job)) {
      LOG.info("tezext route B: {} is transactional, its splits are Hive's own", HiveOrcSplits.tableOf(job));
      return super.getSplits(job, numSplits);
    }
    return HiveOrcSplits.plan(job);
  }

  @Override
  public RecordReader<NullWritable, OrcStruct> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
      throws IOException {
    if (split instanceof NotedOrcSplit noted && reporter != null) {
      noted.counts().forEach((name, value) -> reporter.incrCounter(COUNTER_GROUP, name, value));
    }
    return super.getRecordReader(split, job, reporter);
  }

  /**
   * Whether the scan reads a transactional table: Hive marks the scan so before planning it, and
   * copies the table's properties (its {@code transactional} among them) into the job.
   */
  static boolean transactional(Configuration job) {
    return HiveConf.getBoolVar(job, HiveConf.ConfVars.HIVE_TRANSACTIONAL_TABLE_SCAN)
        || job.getBoolean(hive_metastoreConstants.TABLE_IS_TRANSACTIONAL, false);
  }
}
