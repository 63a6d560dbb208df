package io.tezext.reader.mapred;

import java.io.IOException;

import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.apache.hadoop.mapred.split.TezGroupedSplitsInputFormat;
import org.apache.hadoop.util.ReflectionUtils;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.GroupedSplitFormat;
import io.tezext.reader.grouped.TaskClock;

/**
 * Tez's grouped-split input format (mapred API) with its reading replaced: splits are grouped as
 * Tez groups them; a grouped split is read by {@link OrderedGroupedRecordReader}, which opens the
 * next splits' readers ahead and hands them out strictly in order. Configured by
 * {@link ReaderSettings}' keys.
 */
public class OrderedGroupedInputFormat<K, V> extends TezGroupedSplitsInputFormat<K, V> {
  @Override
  @SuppressWarnings("unchecked")
  public RecordReader<K, V> getRecordReader(InputSplit split, JobConf job, Reporter reporter) throws IOException {
    if (!(split instanceof TezGroupedSplit group)) {
      throw new IOException(getClass().getName() + " reads Tez grouped splits, not " + split.getClass().getName());
    }
    InputFormat<K, V> wrapped =
        (InputFormat<K, V>) ReflectionUtils.newInstance(GroupedSplitFormat.classOf(group, job), job);
    return new OrderedGroupedRecordReader<>(group.getGroupedSplits(), wrapped, job, reporter,
        ReaderSettings.from(job), TaskClock.INSTANCE);
  }
}
