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
import io.tezext.reader.grouped.SplitSequence;
import io.tezext.reader.open.OpenCounts;

/**
 * Reads a group of Hive's splits in order, the next ones' readers opened ahead on their own threads
 * (the reader module's {@link SplitSequence}), without letting an open ahead move Hive's
 * {@code IOContext}.
 *
 * <p>Hive's record readers set the input's {@code IOContext} (the file being read, which the map
 * operator turns into the row's partition and {@code INPUT__FILE__NAME}) when they are created. So
 * each split is opened on a copy of the job whose input name ({@code iocontext.input.name}) is a
 * scratch one: the open sets a context nobody reads. When the read reaches the split, on the reading
 * thread, the copy takes the real name back and the reader's public {@code initIOContext} sets the
 * real context to its file, as Hive's own input format does when it opens a split.
 */
final class OrderedHiveRecordReader<K, V> implements RecordReader<K, V> {
  /** Opens one of the group's splits with Hive's input format, on the configuration given. */
  @FunctionalInterface
  interface HiveOpener<K, V> {
    RecordReader<K, V> open(InputSplit split, JobConf conf) throws IOException;
  }

  static final String SCRATCH_SUFFIX = "#tezext-opened-ahead";

  private final List<InputSplit> splits;
  private final JobConf job;
  private final JobConf[] confs;
  private final String inputName;
  private final SplitSequence<RecordReader<K, V>> sequence;
  private int current = -1;

  /**
   * Starts opening the group's first splits and waits for the first.
   *
   * @param nanoClock monotonic nanoseconds, to time the read's waits for opens
   */
  OrderedHiveRecordReader(List<InputSplit> splits, HiveOpener<K, V> opener, JobConf job, Reporter reporter,
      ReaderSettings settings, LongSupplier nanoClock) throws IOException {
    this.splits = splits;
    this.job = job;
    this.confs = new JobConf[splits.size()];
    this.inputName = job.get(Utilities.INPUT_NAME, "");
    long[] lengths = new long[splits.size()];
    for (int i = 0; i < lengths.length; i++) {
      lengths[i] = splits.get(i).getLength();
      confs[i] = new JobConf(job);
      confs[i].set(Utilities.INPUT_NAME, inputName + SCRATCH_SUFFIX);
    }
    this.sequence = new SplitSequence<>(lengths, i -> opener.open(splits.get(i), confs[i]),
        i -> describe(splits.get(i)), settings, reporter::incrCounter, nanoClock);
    advance();
  }

  /** Moves to the next split and hands its reader Hive's real context; null after the last. */
  private RecordReader<K, V> advance() throws IOException {
    RecordReader<K, V> reader = sequence.advance();
    if (reader == null) {
      return null;
    }
    current++;
    if (reader instanceof HiveContextAwareRecordReader<?, ?> hive && splits.get(current) instanceof FileSplit file) {
      JobConf conf = confs[current];
      conf.set(Utilities.INPUT_NAME, inputName);
      hive.initIOContext(file, conf, formatOf(splits.get(current)));
    }
    confs[current] = null; // the reader holds what it needs
    return reader;
  }

  private Class<?> formatOf(InputSplit split) throws IOException {
    if (!(split instanceof HiveInputSplit hive)) {
      return split.getClass();
    }
    try {
      return job.getClassByName(hive.inputFormatClassName());
    } catch (ClassNotFoundException e) {
      throw new IOException(describe(split) + ": its input format " + hive.inputFormatClassName()
          + " is not on the task's class path", e);
    }
  }

  @Override
  public boolean next(K key, V value) throws IOException {
    for (RecordReader<K, V> r = sequence.current(); r != null; r = advance()) {
      if (r.next(key, value)) {
        sequence.record();
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
    RecordReader<K, V> r = sequence.current();
    if (r == null) {
      throw new IllegalStateException("the group has no split left to read");
    }
    return r;
  }

  @Override
  public long getPos() throws IOException {
    return sequence.read().position(currentProgress());
  }

  @Override
  public float getProgress() throws IOException {
    return sequence.read().progress(currentProgress());
  }

  private float currentProgress() throws IOException {
    RecordReader<K, V> r = sequence.current();
    return r == null ? 0 : r.getProgress();
  }

  /** Closes the split being read and every reader opened ahead; stops the opening threads. */
  @Override
  public void close() throws IOException {
    sequence.close();
  }

  /** The opens so far: started, finished, closed unread. */
  OpenCounts opens() {
    return sequence.opens();
  }

  /** Whether every open this reader started has finished, waiting at most {@code millis}. */
  boolean awaitQuiet(long millis) throws InterruptedException {
    return sequence.pool().awaitQuiet(millis);
  }

  private static String describe(InputSplit split) {
    if (split instanceof FileSplit f) {
      return f.getPath() + " [" + f.getStart() + ", +" + f.getLength() + "]";
    }
    return split.toString();
  }
}
