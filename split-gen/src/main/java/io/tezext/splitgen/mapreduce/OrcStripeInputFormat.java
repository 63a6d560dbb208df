package io.tezext.splitgen.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.orc.mapreduce.OrcMapreduceRecordReader;

import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.split.StripeReaders;
import io.tezext.splitgen.split.StripeSplit;
import io.tezext.splitgen.split.StripeSplitGenerator;

/**
 * ORC files read through Hadoop's {@code mapreduce} API, with stripe-aware split generation: a
 * drop-in for {@code org.apache.orc.mapreduce.OrcInputFormat} (the same keys and values, ORC's own
 * reading keys) whose splits are whole stripes planned from every file's tail, read in parallel
 * ({@link SplitSettings}). The input paths are {@code FileInputFormat}'s; its other keys (filters,
 * recursion) are not read: every root is listed whole, hidden files left out. Each split is read by
 * ORC's record reader over exactly its stripes, after a check that the file is the one it was
 * planned on.
 *
 * @param <V> the value type, an {@code OrcStruct} for a struct schema
 */
public class OrcStripeInputFormat<V extends WritableComparable<?>> extends FileInputFormat<NullWritable, V> {
  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    return new ArrayList<>(StripeSplitGenerator.generate(List.of(getInputPaths(job)),
        job.getConfiguration()).splits());
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public RecordReader<NullWritable, V> createRecordReader(InputSplit split, TaskAttemptContext context)
      throws IOException {
    if (!(split instanceof StripeSplit stripes)) {
      throw new IOException(getClass().getName() + " reads the splits it plans (" + StripeSplit.class.getName()
          + "), not " + split.getClass().getName() + " (" + split + ")");
    }
    StripeReaders.Opened opened = StripeReaders.open(stripes, context.getConfiguration());
    try {
      return new StripeRecordReader<>(new OrcMapreduceRecordReader(opened.reader(), opened.options()), stripes);
    } catch (IOException | RuntimeException e) { // the first stripe's footer, read as the reader starts
      throw opened.failed(stripes, e);
    }
  }
}
