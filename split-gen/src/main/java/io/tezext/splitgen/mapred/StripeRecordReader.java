package io.tezext.splitgen.mapred;

import java.io.IOException;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;

import io.tezext.splitgen.split.StripeSplit;

/**
 * ORC's record reader over a split's stripes, whose failures name the split: ORC reports a corrupt
 * stripe with its own exceptions (a {@code NegativeArraySizeException}, a
 * {@code NullPointerException}), which say nothing of which file a task was reading.
 */
final class StripeRecordReader<V> implements RecordReader<NullWritable, V> {
  private final RecordReader<NullWritable, V> orc;
  private final StripeSplit split;

  StripeRecordReader(RecordReader<NullWritable, V> orc, StripeSplit split) {
    this.orc = orc;
    this.split = split;
  }

  @Override
  public boolean next(NullWritable key, V value) throws IOException {
    try {
      return orc.next(key, value);
    } catch (IOException | RuntimeException e) {
      throw split.readFailure(e);
    }
  }

  @Override
  public NullWritable createKey() {
    return orc.createKey();
  }

  @Override
  public V createValue() {
    return orc.createValue();
  }

  @Override
  public long getPos() throws IOException {
    return orc.getPos();
  }

  @Override
  public void close() throws IOException {
    orc.close();
  }

  @Override
  public float getProgress() throws IOException {
    return orc.getProgress();
  }
}
