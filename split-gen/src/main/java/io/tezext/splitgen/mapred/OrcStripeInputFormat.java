package io.tezext.splitgen.mapred;

import java.io.IOException;
import java.util.Arrays;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcMapredRecordReader;

import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.split.StripeReaders;
import io.tezext.splitgen.split.StripeSplit;
import io.tezext.splitgen.split.StripeSplitGenerator;

/**
 * ORC files read through Hadoop's {@code mapred} API, with stripe-aware split generation: a drop-in
 * for {@code org.apache.orc.mapred.OrcInputFormat} (the same {@code NullWritable} keys and
 * {@code OrcStruct} values, ORC's own reading keys) whose splits are whole stripes planned from
 * every file's tail, read in parallel ({@link SplitSettings}). The input paths are
 * {@code FileInputFormat}'s; its other keys (filters, recursion) are not read: every root is listed
 * whole, hidden files left out. Each split is read by ORC's record reader over exactly its stripes,
 * after a check that the file is the one it was planned on.
 *
 * @param <V> the value type, an {@code OrcStruct} for a struct schema
 */
public class OrcStripeInputFormat<V extends WritableComparable<?>> extends FileInputFormat<NullWritable, V> {
  @Override
  public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
    return StripeSplitGenerator.generate(Arrays.asList(getInputPaths(job)), job).splits()
        .toArray(new InputSplit[0]);
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public RecordReader<NullWritable, V> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
      throws IOException {
    if (!(split instanceof StripeSplit stripes)) {
      throw new IOException(getClass().getName() + " reads the splits it plans (" + StripeSplit.class.getName()
          + "), not " + split.getClass().getName() + " (" + split + ")");
    }
    StripeReaders.Opened opened = StripeReaders.open(stripes, job);
    TypeDescription schema = opened.options().getSchema(); // ORC's reader schema key, if set
    try {
      return new StripeRecordReader<>(new OrcMapredRecordReader(opened.reader().rows(opened.options()),
          schema == null ? opened.reader().getSchema() : schema), stripes);
    } catch (IOException | RuntimeException e) { // the first stripe's footer, read as the reader starts
      throw opened.failed(stripes, e);
    }
  }
}
