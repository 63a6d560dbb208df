package io.tezext.reader.mapreduce;

import java.io.IOException;
import java.util.List;
import java.util.function.LongSupplier;

import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.GroupRead;
import io.tezext.reader.grouped.SplitSequence;

/**
 * Reads a Tez grouped split (mapreduce API) split by split, in order, with the next splits'
 * readers created and initialized ahead ({@link SplitSequence}; initializing is where a mapreduce
 * reader opens its file). Each reader gets a task attempt context of its own, over its own copy of
 * the configuration, reporting to the task's counters.
 */
public final class OrderedGroupedRecordReader<K, V> extends RecordReader<K, V> {
  private final List<InputSplit> splits;
  private final InputFormat<K, V> format;
  private final ReaderSettings settings;
  private final LongSupplier nanoClock;
  private SplitSequence<RecordReader<K, V>> sequence;

  /**
   * @param nanoClock monotonic nanoseconds, to time the read's waits for opens
   */
  public OrderedGroupedRecordReader(List<InputSplit> splits, InputFormat<K, V> format, ReaderSettings settings,
      LongSupplier nanoClock) {
    this.splits = splits;
    this.format = format;
    this.settings = settings;
    this.nanoClock = nanoClock;
  }

  /** Starts opening the first splits and waits for the first. */
  @Override
  public void initialize(InputSplit group, TaskAttemptContext context) throws IOException, InterruptedException {
    if (sequence != null) {
      throw new IllegalStateException("already initialized");
    }
    StatusReporter reporter = new ContextReporter(context);
    long[] lengths = new long[splits.size()];
    for (int i = 0; i < lengths.length; i++) {
      lengths[i] = splits.get(i).getLength();
    }
    sequence = new SplitSequence<>(lengths, i -> {
      InputSplit split = splits.get(i);
      TaskAttemptContext own =
          new TaskAttemptContextImpl(new JobConf(context.getConfiguration()), context.getTaskAttemptID(), reporter);
      RecordReader<K, V> reader = format.createRecordReader(split, own);
      try {
        reader.initialize(split, own);
      } catch (IOException | InterruptedException | RuntimeException e) {
        reader.close();
        throw e;
      }
      return reader;
    }, i -> describe(splits.get(i)), settings,
        (counterGroup, counter, amount) -> context.getCounter(counterGroup, counter).increment(amount), nanoClock);
    sequence.advance();
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    for (RecordReader<K, V> r = reading(); r != null; r = sequence.advance()) {
      boolean more;
      try {
        more = r.nextKeyValue();
      } catch (IOException e) {
        throw sequence.readFailed(e);
      }
      if (more) {
        sequence.record();
        return true;
      }
    }
    return false;
  }

  @Override
  public K getCurrentKey() throws IOException, InterruptedException {
    return current().getCurrentKey();
  }

  @Override
  public V getCurrentValue() throws IOException, InterruptedException {
    return current().getCurrentValue();
  }

  private RecordReader<K, V> reading() {
    if (sequence == null) {
      throw new IllegalStateException("not initialized");
    }
    return sequence.current();
  }

  private RecordReader<K, V> current() {
    RecordReader<K, V> r = reading();
    if (r == null) {
      throw new IllegalStateException("the grouped split has no split left to read");
    }
    return r;
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    if (sequence == null) {
      return 0;
    }
    RecordReader<K, V> r = sequence.current();
    return sequence.read().progress(r == null ? 0 : r.getProgress());
  }

  /** Closes the split being read and every reader opened ahead; stops the opening threads. */
  @Override
  public void close() throws IOException {
    if (sequence != null) {
      sequence.close();
    }
  }

  /** What was read so far, split by split. */
  public GroupRead read() {
    return sequence.read();
  }

  /**
   * Whether every open this reader started has finished, waiting at most {@code millis}: after
   * {@link #close()}, opens still running close their readers when they return.
   */
  public boolean awaitQuiet(long millis) throws InterruptedException {
    return sequence.pool().awaitQuiet(millis);
  }

  private static String describe(InputSplit split) {
    if (split instanceof FileSplit f) {
      return f.getPath() + " [" + f.getStart() + ", +" + f.getLength() + "]";
    }
    return split.toString();
  }

  /** Counters and status of the task, for the contexts the readers get. */
  private static final class ContextReporter extends StatusReporter {
    private final TaskAttemptContext context;

    ContextReporter(TaskAttemptContext context) {
      this.context = context;
    }

    @Override
    public org.apache.hadoop.mapreduce.Counter getCounter(Enum<?> name) {
      return context.getCounter(name);
    }

    @Override
    public org.apache.hadoop.mapreduce.Counter getCounter(String group, String name) {
      return context.getCounter(group, name);
    }

    @Override
    public void progress() {
      context.progress();
    }

    @Override
    public float getProgress() {
      return context.getProgress();
    }

    @Override
    public void setStatus(String status) {
      context.setStatus(status);
    }
  }
}
