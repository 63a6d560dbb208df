package io.tezext.hive.ordered;

import java.io.IOException;
import java.util.List;
import java.util.function.LongSupplier;

import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.io.HiveContextAwareRecordReader;
import org.apache.hadoop.hive.ql.io.HiveInputFormat.HiveInputSplit;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.HandOver;
import io.tezext.reader.mapred.OrderedGroupedRecordReader;
import io.tezext.reader.open.SplitOpener;

/**
 * Opens a group of Hive's splits ahead of the read without letting an open move Hive's
 * {@code IOContext}, for the reader module's {@link OrderedGroupedRecordReader}.
 *
 * <p>Hive's record readers set the input's {@code IOContext} (the file being read, which the map
 * operator turns into the row's partition and {@code INPUT__FILE__NAME}) when they are created. So
 * each split is opened on a copy of the job whose input name ({@code iocontext.input.name}) is a
 * scratch one: the open sets a context nobody reads. When the read reaches the split, on the reading
 * thread, the copy takes the real name back and the reader's public {@code initIOContext} sets the
 * real context to its file, as Hive's own input format does when it opens a split.
 */
final class HiveContextHandOver<K, V> implements SplitOpener<RecordReader<K, V>>, HandOver<RecordReader<K, V>> {
  /** Opens one split with Hive's input format, on the configuration given. */
  @FunctionalInterface
  interface HiveOpener<K, V> {
    RecordReader<K, V> open(InputSplit split, JobConf conf) throws IOException;
  }

  static final String SCRATCH_SUFFIX = "#tezext-opened-ahead";

  private final List<InputSplit> splits;
  private final HiveOpener<K, V> opener;
  private final JobConf job;
  private final JobConf[] confs;
  private final String inputName;

  HiveContextHandOver(List<InputSplit> splits, HiveOpener<K, V> opener, JobConf job) {
    this.splits = splits;
    this.opener = opener;
    this.job = job;
    this.inputName = job.get(Utilities.INPUT_NAME, "");
    this.confs = new JobConf[splits.size()];
  }

  /** The reader of {@code splits}, read in order with readers opened ahead on scratch contexts. */
  static <K, V> OrderedGroupedRecordReader<K, V> read(List<InputSplit> splits, HiveOpener<K, V> opener, JobConf job,
      Reporter reporter, ReaderSettings settings, LongSupplier nanoClock) throws IOException {
    HiveContextHandOver<K, V> context = new HiveContextHandOver<>(splits, opener, job);
    return new OrderedGroupedRecordReader<>(splits, context, context, reporter, settings, nanoClock);
  }

  /** On an opening thread: the split's reader, its context set under the scratch name. */
  @Override
  public RecordReader<K, V> open(int split) throws IOException {
    JobConf conf = new JobConf(job);
    conf.set(Utilities.INPUT_NAME, inputName + SCRATCH_SUFFIX);
    synchronized (confs) {
      confs[split] = conf;
    }
    return opener.open(splits.get(split), conf);
  }

  /** On the reading thread, before the split's first row: Hive's real context names its file. */
  @Override
  public void handOver(int split, RecordReader<K, V> reader) throws IOException {
    JobConf conf;
    synchronized (confs) {
      conf = confs[split];
      confs[split] = null; // the reader holds what it needs
    }
    if (reader instanceof HiveContextAwareRecordReader<?, ?> hive && splits.get(split) instanceof FileSplit file) {
      conf.set(Utilities.INPUT_NAME, inputName);
      hive.initIOContext(file, conf, formatOf(splits.get(split)));
    }
  }

  private Class<?> formatOf(InputSplit split) throws IOException {
    if (!(split instanceof HiveInputSplit hive)) {
      return split.getClass();
    }
    try {
      return job.getClassByName(hive.inputFormatClassName());
    } catch (ClassNotFoundException e) {
      throw new IOException(OrderedGroupedRecordReader.describe(split) + ": its input format "
          + hive.inputFormatClassName() + " is not on the task's class path", e);
    }
  }
}
