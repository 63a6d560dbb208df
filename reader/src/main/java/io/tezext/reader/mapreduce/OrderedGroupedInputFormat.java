package io.tezext.reader.mapreduce;

import java.io.IOException;

import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.split.TezGroupedSplit;
import org.apache.hadoop.mapreduce.split.TezGroupedSplitsInputFormat;
import org.apache.hadoop.util.ReflectionUtils;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.GroupedSplitFormat;
import io.tezext.reader.grouped.TaskClock;

/**
 * Tez's grouped-split input format (mapreduce API) with its reading replaced: splits are grouped
 * as Tez groups them; a grouped split is read by {@link OrderedGroupedRecordReader}, which
 * initializes the next splits' readers ahead and hands them out strictly in order. Configured by
 * {@link ReaderSettings}' keys.
 */
public class OrderedGroupedInputFormat<K, V> extends TezGroupedSplitsInputFormat<K, V> {
  @Override
  @SuppressWarnings("unchecked")
  public RecordReader<K, V> createRecordReader(InputSplit split, TaskAttemptContext context) throws IOException {
    if (!(split instanceof TezGroupedSplit group)) {
      throw new IOException(getClass().getName() + " reads Tez grouped splits, not " + split.getClass().getName());
    }
    InputFormat<K, V> wrapped = (InputFormat<K, V>) ReflectionUtils.newInstance(
        GroupedSplitFormat.classOf(group, context.getConfiguration()), context.getConfiguration());
    return new OrderedGroupedRecordReader<>(group.getGroupedSplits(), wrapped,
        ReaderSettings.from(context.getConfiguration()), TaskClock.INSTANCE);
  }
}
