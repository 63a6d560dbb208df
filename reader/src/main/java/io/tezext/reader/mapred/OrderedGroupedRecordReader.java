package io.tezext.reader.mapred;

import java.io.IOException;
import java.util.List;
import java.util.function.LongSupplier;

import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.GroupRead;
import io.tezext.reader.grouped.HandOver;
import io.tezext.reader.grouped.SplitSequence;
import io.tezext.reader.open.OpenCounts;
import io.tezext.reader.open.SplitOpener;

/**
 * Reads a Tez grouped split (mapred API) split by split, in order, with the next splits' readers
 * opened ahead ({@link SplitSequence}). Each reader gets its own copy of the job configuration, so
 * a reader that changes its {@link JobConf} cannot change another's.
 */
public final class OrderedGroupedRecordReader<K, V> implements RecordReader<K, V> {
  private final SplitSequence<RecordReader<K, V>> splits;

  /**
   * Starts opening the first splits and waits for the first (its reader makes the keys and values,
   * as in Tez's grouped reader).
   *
   * @param nanoClock monotonic nanoseconds, to time the read's waits for opens
   */
  public OrderedGroupedRecordReader(List<InputSplit> splits, InputFormat<K, V> format, JobConf job,
      Reporter reporter, ReaderSettings settings, LongSupplier nanoClock) throws IOException {
    this(splits, i -> format.getRecordReader(splits.get(i), new JobConf(job), reporter), HandOver.none(), reporter,
        settings, nanoClock);
  }

  /**
   * Reads {@code splits} through readers {@code opener} opens (by the split's index, on the opening
   * threads), each handed over ({@code handOver}) on the reading thread when the read reaches it:
   * for readers that need more than their own configuration to be read in turn (Hive's).
   */
  public OrderedGroupedRecordReader(List<InputSplit> splits, SplitOpener<RecordReader<K, V>> opener,
      HandOver<RecordReader<K, V>> handOver, Reporter reporter, ReaderSettings settings, LongSupplier nanoClock)
      throws IOException {
    this.splits = new SplitSequence<>(lengths(splits), opener, handOver, i -> describe(splits.get(i)), settings,
        reporter::incrCounter, nanoClock);
    this.splits.advance();
  }

  @Override
  public boolean next(K key, V value) throws IOException {
    for (RecordReader<K, V> r = splits.current(); r != null; r = splits.advance()) {
      boolean more;
      try {
        more = r.next(key, value);
      } catch (IOException e) {
        throw splits.readFailed(e);
      }
      if (more) {
        splits.record();
        return true;
      }
    }
    return false;
  }

  @Override
  public K createKey() {
    return reading().createKey();
  }

  @Override
  public V createValue() {
    return reading().createValue();
  }

  private RecordReader<K, V> reading() {
    RecordReader<K, V> r = splits.current();
    if (r == null) {
      throw new IllegalStateException("the grouped split has no split left to read");
    }
    return r;
  }

  @Override
  public long getPos() throws IOException {
    return splits.read().position(currentProgress());
  }

  @Override
  public float getProgress() throws IOException {
    return splits.read().progress(currentProgress());
  }

  private float currentProgress() throws IOException {
    RecordReader<K, V> r = splits.current();
    return r == null ? 0 : r.getProgress();
  }

  /** Closes the split being read and every reader opened ahead; stops the opening threads. */
  @Override
  public void close() throws IOException {
    splits.close();
  }

  /** The opens so far: started, finished, closed unread. */
  public OpenCounts opens() {
    return splits.opens();
  }

  /** What was read so far, split by split. */
  public GroupRead read() {
    return splits.read();
  }

  /**
   * Whether every open this reader started has finished, waiting at most {@code millis}: after
   * {@link #close()}, opens still running close their readers when they return.
   */
  public boolean awaitQuiet(long millis) throws InterruptedException {
    return splits.pool().awaitQuiet(millis);
  }

  private static long[] lengths(List<InputSplit> splits) throws IOException {
    long[] lengths = new long[splits.size()];
    for (int i = 0; i < lengths.length; i++) {
      lengths[i] = splits.get(i).getLength();
    }
    return lengths;
  }

  /** A split in words, for errors: its file and byte range where it has them. */
  public static String describe(InputSplit split) {
    if (split instanceof FileSplit f) {
      return f.getPath() + " [" + f.getStart() + ", +" + f.getLength() + "]";
    }
    return split.toString();
  }
}
