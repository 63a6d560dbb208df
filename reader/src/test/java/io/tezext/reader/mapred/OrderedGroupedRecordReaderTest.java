package io.tezext.reader.mapred;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.junit.jupiter.api.Test;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.grouped.GroupRead;

class OrderedGroupedRecordReaderTest {
  /** A split of {@code rows} generated rows, {@code length} bytes long. */
  static final class RowsSplit implements InputSplit {
    int index;
    int rows;
    long length;

    RowsSplit() {
    }

    RowsSplit(int index, int rows, long length) {
      this.index = index;
      this.rows = rows;
      this.length = length;
    }

    @Override
    public long getLength() {
      return length;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(index);
      out.writeInt(rows);
      out.writeLong(length);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      index = in.readInt();
      rows = in.readInt();
      length = in.readLong();
    }
  }

  /** Reads a RowsSplit; records what each reader saw in its configuration, then changes it. */
  static final class RowsFormat implements InputFormat<IntWritable, Text> {
    final List<String> seenMarks = new ArrayList<>();
    final List<RowsReader> readers = new ArrayList<>();

    @Override
    public InputSplit[] getSplits(JobConf job, int numSplits) {
      throw new UnsupportedOperationException();
    }

    @Override
    public synchronized RecordReader<IntWritable, Text> getRecordReader(InputSplit split, JobConf job,
        Reporter reporter) {
      RowsSplit s = (RowsSplit) split;
      seenMarks.add(job.get("mark"));
      job.set("mark", "changed by split " + s.index); // a reader that mutates its JobConf
      RowsReader r = new RowsReader(s);
      readers.add(r);
      return r;
    }
  }

  static final class RowsReader implements RecordReader<IntWritable, Text> {
    final RowsSplit split;
    int next;
    boolean closed;

    RowsReader(RowsSplit split) {
      this.split = split;
    }

    @Override
    public boolean next(IntWritable key, Text value) {
      if (next == split.rows) {
        return false;
      }
      key.set(next);
      value.set("s" + split.index + "-r" + next++);
      return true;
    }

    @Override
    public IntWritable createKey() {
      return new IntWritable();
    }

    @Override
    public Text createValue() {
      return new Text();
    }

    @Override
    public long getPos() {
      return next;
    }

    @Override
    public void close() {
      closed = true;
    }

    @Override
    public float getProgress() {
      return split.rows == 0 ? 1 : next / (float) split.rows;
    }
  }

  /** A reporter that keeps counters. */
  static final class CountingReporter implements Reporter {
    final Map<String, AtomicLong> counters = new HashMap<>();

    @Override
    public void incrCounter(String group, String counter, long amount) {
      counters.computeIfAbsent(group + ":" + counter, k -> new AtomicLong()).addAndGet(amount);
    }

    long get(String counter) {
      AtomicLong v = counters.get(GroupRead.COUNTER_GROUP + ":" + counter);
      return v == null ? 0 : v.get();
    }

    @Override
    public void incrCounter(Enum<?> key, long amount) {
    }

    @Override
    public org.apache.hadoop.mapred.Counters.Counter getCounter(Enum<?> name) {
      return null;
    }

    @Override
    public org.apache.hadoop.mapred.Counters.Counter getCounter(String group, String name) {
      return null;
    }

    @Override
    public InputSplit getInputSplit() {
      return null;
    }

    @Override
    public float getProgress() {
      return 0;
    }

    @Override
    public void setStatus(String status) {
    }

    @Override
    public void progress() {
    }
  }

  private final RowsFormat format = new RowsFormat();
  private final CountingReporter reporter = new CountingReporter();
  private final JobConf job = new JobConf(false);

  private OrderedGroupedRecordReader<IntWritable, Text> reader(int readersAhead, int... rows) throws IOException {
    List<InputSplit> splits = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      splits.add(new RowsSplit(i, rows[i], 100));
    }
    job.set("mark", "the task's");
    return new OrderedGroupedRecordReader<>(splits, format, job, reporter,
        new ReaderSettings(readersAhead, 4, Long.MAX_VALUE), new AtomicLong()::getAndIncrement);
  }

  private static List<String> readAll(RecordReader<IntWritable, Text> reader) throws IOException {
    List<String> rows = new ArrayList<>();
    IntWritable key = reader.createKey();
    Text value = reader.createValue();
    while (reader.next(key, value)) {
      rows.add(value.toString());
    }
    return rows;
  }

  @Test
  void eachReaderGetsItsOwnCopyOfTheJobConfiguration() throws Exception {
    OrderedGroupedRecordReader<IntWritable, Text> reader = reader(3, 1, 1, 1, 1);
    readAll(reader);
    reader.close();
    assertThat(format.seenMarks).containsOnly("the task's").hasSize(4);
    assertThat(job.get("mark")).isEqualTo("the task's");
  }

  @Test
  void rowsComeSplitBySplitAndEmptySplitsAreReadThrough() throws Exception {
    OrderedGroupedRecordReader<IntWritable, Text> reader = reader(2, 2, 0, 1, 0);
    assertThat(readAll(reader)).containsExactly("s0-r0", "s0-r1", "s2-r0");
    reader.close();
    assertThat(reader.read().splitsRead()).extracting(GroupRead.SplitRead::records).containsExactly(2L, 0L, 1L, 0L);
  }

  @Test
  void progressAndCountersFollowTheSplitsInOrder() throws Exception {
    OrderedGroupedRecordReader<IntWritable, Text> reader = reader(2, 4, 4);
    IntWritable key = reader.createKey();
    Text value = reader.createValue();
    assertThat(reader.getProgress()).isZero();
    reader.next(key, value);
    reader.next(key, value);
    assertThat(reader.getProgress()).isEqualTo(0.25f); // half of the first of two equal splits
    assertThat(reader.getPos()).isEqualTo(50);
    while (reader.next(key, value)) {
      // to the end
    }
    assertThat(reader.getProgress()).isEqualTo(1f);
    reader.close();
    assertThat(reporter.get("SPLITS_READ")).isEqualTo(2);
    assertThat(reporter.get("READERS_OPENED")).isEqualTo(2);
    assertThat(reporter.get("READERS_CLOSED_UNREAD")).isZero();
    assertThat(format.readers).allMatch(r -> r.closed);
  }

  @Test
  void anEarlyCloseClosesEveryReaderOpenedAheadAndStopsTheThreads() throws Exception {
    OrderedGroupedRecordReader<IntWritable, Text> reader = reader(5, 3, 3, 3, 3, 3, 3, 3, 3);
    IntWritable key = reader.createKey();
    Text value = reader.createValue();
    reader.next(key, value); // a LIMIT 1
    reader.close();
    assertThat(reader.awaitQuiet(10_000)).isTrue();
    assertThat(format.readers).allMatch(r -> r.closed);
    assertThat(reporter.get("READERS_CLOSED_UNREAD")).isEqualTo(format.readers.size() - 1);
  }

  @Test
  void aGroupedSplitThatIsNotTezsIsRefused() {
    assertThatThrownBy(() -> new OrderedGroupedInputFormat<IntWritable, Text>()
        .getRecordReader(new RowsSplit(0, 1, 1), job, Reporter.NULL))
        .isInstanceOf(IOException.class).hasMessageContaining("reads Tez grouped splits");
  }

  @Test
  void theInputFormatReadsWhatTheGroupedSplitWraps() throws Exception {
    List<InputSplit> splits = List.of(new RowsSplit(0, 2, 10), new RowsSplit(1, 1, 10));
    TezGroupedSplit group = new TezGroupedSplit(new ArrayList<>(splits), RowsFormatForConf.class.getName(),
        new String[0], null, 20);
    RecordReader<IntWritable, Text> reader =
        new OrderedGroupedInputFormat<IntWritable, Text>().getRecordReader(group, job, Reporter.NULL);
    assertThat(readAll(reader)).containsExactly("s0-r0", "s0-r1", "s1-r0");
    reader.close();
  }

  /** RowsFormat with the public no-argument constructor reflection needs. */
  public static final class RowsFormatForConf implements InputFormat<IntWritable, Text> {
    private final RowsFormat rows = new RowsFormat();

    @Override
    public InputSplit[] getSplits(JobConf job, int numSplits) {
      throw new UnsupportedOperationException();
    }

    @Override
    public RecordReader<IntWritable, Text> getRecordReader(InputSplit split, JobConf job, Reporter reporter) {
      return rows.getRecordReader(split, job, reporter);
    }
  }
}
