package io.tezext.reader.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.split.TezGroupedSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.reader.grouped.GroupRead;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

class OrderedGroupedRecordReaderTest {
  @TempDir
  Path dir;

  private final List<String> expected = new ArrayList<>();

  /** {@code files} text files of 0 to 9 rows under a latency file system authority of their own. */
  private TezGroupedSplit group(String authority, int files, long seed, JobConf job, LatencyModel model)
      throws IOException {
    LatencyFileSystem.configure(job, authority, model);
    SplittableRandom random = new SplittableRandom(seed);
    List<InputSplit> splits = new ArrayList<>();
    long length = 0;
    for (int f = 0; f < files; f++) {
      StringBuilder text = new StringBuilder();
      for (int r = 0, rows = random.nextInt(10); r < rows; r++) {
        text.append("s").append(f).append("-r").append(r).append('\n');
        expected.add("s" + f + "-r" + r);
      }
      Path file = Files.writeString(dir.resolve(authority + "-part-" + f), text);
      splits.add(new FileSplit(LatencyFileSystem.path(authority, file), 0, Files.size(file), new String[0]));
      length += Files.size(file);
    }
    return new TezGroupedSplit(splits, TextInputFormat.class.getName(), new String[0], null, length);
  }

  /** A task context whose counters keep their values. */
  private static TaskAttemptContext context(JobConf job) {
    org.apache.hadoop.mapreduce.Counters counters = new org.apache.hadoop.mapreduce.Counters();
    return new TaskAttemptContextImpl(job, new TaskAttemptID(), new org.apache.hadoop.mapreduce.StatusReporter() {
      @Override
      public org.apache.hadoop.mapreduce.Counter getCounter(Enum<?> name) {
        return counters.findCounter(name);
      }

      @Override
      public org.apache.hadoop.mapreduce.Counter getCounter(String group, String name) {
        return counters.findCounter(group, name);
      }

      @Override
      public void progress() {
      }

      @Override
      public float getProgress() {
        return 0;
      }

      @Override
      public void setStatus(String status) {
      }
    });
  }

  private static List<String> readAll(RecordReader<LongWritable, Text> reader) throws Exception {
    List<String> rows = new ArrayList<>();
    while (reader.nextKeyValue()) {
      rows.add(reader.getCurrentValue().toString());
    }
    return rows;
  }

  @Test
  void seededRunsReadEverySplitOnceInOrderAndLeaveNothingOpen() throws Exception {
    for (long seed = 1; seed <= 60; seed++) {
      expected.clear();
      SplittableRandom random = new SplittableRandom(seed);
      JobConf job = new JobConf(false);
      job.setInt("tezext.reader.open-ahead", random.nextInt(12));
      job.setInt("tezext.reader.open-threads", 1 + random.nextInt(8));
      String authority = "mr-" + seed;
      long latencySeed = random.nextLong();
      TezGroupedSplit group = group(authority, 2 + random.nextInt(30), seed, job,
          (kind, path) -> Math.floorMod(latencySeed ^ path.getName().hashCode() ^ kind.ordinal(), 3));
      TaskAttemptContext context = context(job);
      RecordReader<LongWritable, Text> reader =
          new OrderedGroupedInputFormat<LongWritable, Text>().createRecordReader(group, context);
      reader.initialize(group, context);
      assertThat(readAll(reader)).as("seed %d", seed).isEqualTo(expected);
      reader.close();
      assertThat(((OrderedGroupedRecordReader<?, ?>) reader).awaitQuiet(10_000)).isTrue();
      assertThat(LatencyFileSystem.requests(authority).openStreams()).as("seed %d", seed).isEmpty();
    }
  }

  @Test
  void anEarlyCloseLeavesNoStreamOpen() throws Exception {
    JobConf job = new JobConf(false);
    job.setInt("tezext.reader.open-ahead", 8);
    TezGroupedSplit group = group("mr-limit", 20, 3, job, LatencyModel.fixed(2));
    TaskAttemptContext context = context(job);
    OrderedGroupedRecordReader<LongWritable, Text> reader = (OrderedGroupedRecordReader<LongWritable, Text>)
        new OrderedGroupedInputFormat<LongWritable, Text>().createRecordReader(group, context);
    reader.initialize(group, context);
    reader.nextKeyValue();
    reader.close();
    assertThat(reader.awaitQuiet(10_000)).isTrue();
    assertThat(LatencyFileSystem.requests("mr-limit").openStreams()).isEmpty();
    assertThat(context.getCounter(GroupRead.COUNTER_GROUP, "READERS_CLOSED_UNREAD").getValue()).isPositive();
  }

  @Test
  void aFailedOpenNamesItsFileAfterTheRowsBeforeIt() throws Exception {
    JobConf job = new JobConf(false);
    TezGroupedSplit group = group("mr-fail", 6, 5, job, (kind, path) -> {
      if (kind == Requests.Kind.OPEN && path.getName().endsWith("part-4")) {
        throw new IOException("injected");
      }
      return 0;
    });
    TaskAttemptContext context = context(job);
    RecordReader<LongWritable, Text> reader =
        new OrderedGroupedInputFormat<LongWritable, Text>().createRecordReader(group, context);
    reader.initialize(group, context);
    List<String> rows = new ArrayList<>();
    assertThatThrownBy(() -> {
      while (reader.nextKeyValue()) {
        rows.add(reader.getCurrentValue().toString());
      }
    }).hasMessageContaining("part-4").hasMessageContaining("split 5 of 6");
    assertThat(rows).isEqualTo(expected.stream().filter(r -> Integer.parseInt(r.substring(1, r.indexOf('-'))) < 4)
        .toList());
    reader.close();
    // Opens already running when the read failed end on their own thread, closing what they opened.
    assertThat(((OrderedGroupedRecordReader<?, ?>) reader).awaitQuiet(10_000)).isTrue();
    assertThat(LatencyFileSystem.requests("mr-fail").openStreams()).isEmpty();
  }
}
