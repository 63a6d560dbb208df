package io.tezext.splitgen.mapreduce;

import java.io.IOException;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

import io.tezext.splitgen.split.StripeSplit;

/**
 * ORC's record reader over a split's stripes, whose failures name the split: ORC reports a corrupt
 * stripe with its own exceptions, which say nothing of which file a task was reading.
 */
final class StripeRecordReader<V> extends RecordReader<NullWritable, V> {
  private final RecordReader<NullWritable, V> orc;
  private final StripeSplit split;

  StripeRecordReader(RecordReader<NullWritable, V> orc, StripeSplit split) {
    this.orc = orc;
    this.split = split;
  }

  @Override
  public void initialize(InputSplit ignored, TaskAttemptContext context) throws IOException, InterruptedException {
    orc.initialize(ignored, context);
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    try {
      return orc.nextKeyValue();
    } catch (IOException | RuntimeException e) {
      throw split.readFailure(e);
    }
  }

  @Override
  public NullWritable getCurrentKey() throws IOException, InterruptedException {
    return orc.getCurrentKey();
  }

  @Override
  public V getCurrentValue() throws IOException, InterruptedException {
    return orc.getCurrentValue();
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return orc.getProgress();
  }

  @Override
  public void close() throws IOException {
    orc.close();
  }
}
