package io.tezext.splitgen.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcStruct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.splitgen.BadInputException;
import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.orc.FileVersion;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

/** Splits planned, sent as a task would receive them (serialized), and read back through both APIs. */
class StripeSplitReadTest {
  @TempDir
  Path dir;

  /** A table of 9 files: partitions, nested directories, codecs, an empty file, a many-stripe file. */
  private long writeTable(Path table) throws IOException {
    TestOrc.write(table.resolve("day=1/part-0.orc"), 0, 5_000);
    TestOrc.write(table.resolve("day=1/part-1.orc"), 5_000, 1, CompressionKind.NONE, 64L << 20, TestOrc.SCHEMA);
    TestOrc.write(table.resolve("day=2/hour=1/part-0.orc"), 5_001, 20_000, CompressionKind.SNAPPY, 64L << 20,
        TestOrc.SCHEMA);
    TestOrc.write(table.resolve("day=2/hour=2/part-0.orc"), 25_001, 20_000, CompressionKind.LZ4, 64L << 20,
        TestOrc.SCHEMA);
    TestOrc.write(table.resolve("day=3/part-0.orc"), 45_001, 20_000, CompressionKind.ZSTD, 64L << 20, TestOrc.SCHEMA);
    TestOrc.write(table.resolve("day=3/empty.orc"), 65_001, 0);
    TestOrc.write(table.resolve("day=4/big.orc"), 65_001, 200_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
    Files.writeString(table.resolve("day=4/_SUCCESS"), "");
    TestOrc.write(table.resolve("day=4/.hive-staging/part-0.orc"), 1_000_000, 10);
    return 265_001;
  }

  private JobConf job(Path table) {
    JobConf job = new JobConf();
    FileInputFormat.setInputPaths(job, TestOrc.hadoop(table));
    job.set(SplitSettings.MIN_SIZE, "64k");
    job.set(SplitSettings.MAX_SIZE, "256k"); // several splits of the many-stripe file
    return job;
  }

  /** What a task receives: the split written and read back. */
  private static StripeSplit sent(InputSplit split) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    split.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    StripeSplit received = new StripeSplit();
    received.readFields(in);
    return received;
  }

  private static long readMapred(StripeSplit split, JobConf job, BitSet ids) throws IOException {
    RecordReader<NullWritable, OrcStruct> reader = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>()
        .getRecordReader(split, job, Reporter.NULL);
    long rows = 0;
    NullWritable key = reader.createKey();
    OrcStruct value = reader.createValue();
    try {
      while (reader.next(key, value)) {
        int id = (int) ((LongWritable) value.getFieldValue(0)).get();
        assertThat(ids.get(id)).as("id %d read twice", id).isFalse();
        ids.set(id);
        rows++;
      }
    } finally {
      reader.close();
    }
    return rows;
  }

  @Test
  void everyRowIsReadExactlyOnceThroughTheMapredApi() throws IOException {
    long rows = writeTable(dir.resolve("t"));
    JobConf job = job(dir.resolve("t"));
    InputSplit[] splits = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>().getSplits(job, 1);
    assertThat(splits.length).isGreaterThan(7); // the big file is cut
    BitSet ids = new BitSet();
    long read = 0;
    for (InputSplit split : splits) {
      StripeSplit received = sent(split);
      assertThat(received.toString()).isEqualTo(split.toString());
      long splitRows = readMapred(received, job, ids);
      assertThat(splitRows).as("rows of %s", split).isEqualTo(received.rows());
      read += splitRows;
    }
    assertThat(read).isEqualTo(rows);
    assertThat(ids.cardinality()).isEqualTo((int) rows).isEqualTo(ids.nextClearBit(0));
  }

  @Test
  void everyRowIsReadExactlyOnceThroughTheMapreduceApi() throws Exception {
    long rows = writeTable(dir.resolve("t"));
    Job job = Job.getInstance(job(dir.resolve("t")));
    var format = new io.tezext.splitgen.mapreduce.OrcStripeInputFormat<OrcStruct>();
    BitSet ids = new BitSet();
    for (org.apache.hadoop.mapreduce.InputSplit split : format.getSplits(job)) {
      var context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (var reader = format.createRecordReader(sent((InputSplit) split), context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          int id = (int) ((LongWritable) reader.getCurrentValue().getFieldValue(0)).get();
          assertThat(ids.get(id)).as("id %d read twice", id).isFalse();
          ids.set(id);
        }
      }
    }
    assertThat(ids.cardinality()).isEqualTo((int) rows).isEqualTo(ids.nextClearBit(0));
  }

  @Test
  void aPredicateLeavesOutTheStripesItRulesOutAndTheTasksReadWhatWasPlanned() throws IOException {
    Path table = dir.resolve("t");
    TestOrc.write(table.resolve("big.orc"), 0, 300_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
    JobConf job = job(table);
    job.set(SplitSettings.PREDICATE, "id between 100000 and 120000");
    var generated = StripeSplitGenerator.generate(List.of(TestOrc.hadoop(table)), job);
    assertThat(generated.plan().stripesEliminated()).isGreaterThan(0);
    BitSet ids = new BitSet();
    long read = 0;
    for (StripeSplit split : generated.splits()) {
      read += readMapred(sent(split), job, ids);
    }
    assertThat(read).isEqualTo(generated.plan().rows()).isLessThan(300_000);
    assertThat(ids.get(100_000, 120_001).cardinality()).isEqualTo(20_001); // every row the predicate accepts
  }

  @Test
  void aFileOverwrittenAfterPlanningFailsItsTaskNamingWhatChanged() throws IOException {
    Path file = TestOrc.write(dir.resolve("t/part-0.orc"), 0, 1_000);
    JobConf job = job(dir.resolve("t"));
    InputSplit[] splits = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>().getSplits(job, 1);
    TestOrc.write(file, 0, 2_000);
    assertThatThrownBy(() -> readMapred(sent(splits[0]), job, new BitSet())).hasMessageContaining("part-0.orc")
        .hasMessageContaining("changed since its splits were planned");
    Files.delete(file);
    assertThatThrownBy(() -> readMapred(sent(splits[0]), job, new BitSet()))
        .hasMessageContaining("deleted since its splits were planned");
  }

  @Test
  void aCarriedTailSavesTheTaskItsTailRead() throws IOException {
    TestOrc.write(dir.resolve("t/part-0.orc"), 0, 5_000);
    List<Long> requests = new ArrayList<>();
    for (String cap : List.of("1m", "0")) {
      JobConf job = new JobConf();
      String authority = "carried-" + cap;
      LatencyFileSystem.configure(job, authority, LatencyModel.NONE);
      FileInputFormat.setInputPaths(job, LatencyFileSystem.path(authority, dir.resolve("t")));
      job.set(SplitSettings.TAIL_IN_SPLIT_BYTES, cap);
      job.set(SplitSettings.TAIL_CACHE_BYTES, "0");
      InputSplit[] splits = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>().getSplits(job, 1);
      Requests counted = LatencyFileSystem.requests(authority);
      long before = counted.total();
      long statusBefore = counted.of(Requests.Kind.METADATA);
      assertThat(readMapred(sent(splits[0]), job, new BitSet())).isEqualTo(5_000);
      assertThat(counted.of(Requests.Kind.METADATA) - statusBefore).as("the file checked once").isEqualTo(1);
      assertThat(counted.of(Requests.Kind.OPEN)).as("opens without a status").isZero();
      assertThat(counted.openStreams()).isEmpty();
      requests.add(counted.total() - before);
    }
    // Without the tail, the task reads it again (one ranged read, two for a large tail).
    assertThat(requests.get(1) - requests.get(0)).isBetween(1L, 2L);
  }

  @Test
  void unreadableFilesFailPlanningNamingThemOrAreSkippedAndCounted() throws IOException {
    TestOrc.table(dir.resolve("t"), 3, 100);
    Files.writeString(dir.resolve("t/zz-not-orc.orc"), "a text file among the ORC files of a table");
    JobConf job = job(dir.resolve("t"));
    assertThatThrownBy(() -> StripeSplitGenerator.generate(List.of(TestOrc.hadoop(dir.resolve("t"))), job))
        .hasMessageContaining("zz-not-orc.orc").hasMessageContaining("not a readable ORC file");
    job.setBoolean(SplitSettings.SKIP_BAD_FILES, true);
    var generated = StripeSplitGenerator.generate(List.of(TestOrc.hadoop(dir.resolve("t"))), job);
    assertThat(generated.plan().files()).hasSize(3);
    assertThat(generated.plan().skipped()).singleElement().asString().contains("zz-not-orc.orc");
  }

  @Test
  void aStripeThatCannotBeReadFailsNamingTheSplit() throws IOException {
    Path file = TestOrc.write(dir.resolve("t/part-0.orc"), 0, 20_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
    byte[] bytes = Files.readAllBytes(file);
    for (int i = 200; i < 2_000; i++) { // inside the first stripe; the tail stays whole
      bytes[i] ^= 0x5a;
    }
    Files.write(file, bytes);
    JobConf job = job(dir.resolve("t"));
    InputSplit[] splits = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>().getSplits(job, 1);
    assertThatThrownBy(() -> readMapred(sent(splits[0]), job, new BitSet())).isInstanceOf(IOException.class)
        .hasMessageContaining("part-0.orc:3+").hasMessageContaining("its rows could not be read");
  }

  @Test
  void aPredicateThatDoesNotFitTheFileFailsTheTaskNamingTheSplitAndLeavesNoStreamOpen() throws IOException {
    TestOrc.write(dir.resolve("t/part-0.orc"), 0, 5_000);
    JobConf job = new JobConf();
    LatencyFileSystem.configure(job, "task-predicate", LatencyModel.NONE);
    FileInputFormat.setInputPaths(job, LatencyFileSystem.path("task-predicate", dir.resolve("t")));
    job.set(SplitSettings.TAIL_IN_SPLIT_BYTES, "0"); // the task reads the tail: orc-core holds a stream open
    InputSplit[] splits = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>().getSplits(job, 1);
    job.set(SplitSettings.PREDICATE, "name = 5"); // a number for a string column, applied in the task
    job.setBoolean(SplitSettings.PREDICATE_IN_TASKS, true);
    assertThatThrownBy(() -> readMapred(sent(splits[0]), job, new BitSet())).isInstanceOf(BadInputException.class)
        .hasMessageContaining("part-0.orc:3+").hasMessageContaining("predicate on name (string)");
    assertThat(LatencyFileSystem.requests("task-predicate").openStreams()).isEmpty();
  }

  @Test
  void aFileWhoseStatusHasMillisecondsStillMatchesAHeadToTheSecond() {
    FileVersion listed = new FileVersion(100, 1_700_000_000_123L, "");
    assertThat(listed.sameAs(new FileVersion(100, 1_700_000_000_000L, ""))).isTrue(); // a HEAD's Last-Modified
    assertThat(listed.sameAs(new FileVersion(100, 1_700_000_001_000L, ""))).isFalse();
    assertThat(listed.sameAs(new FileVersion(101, 1_700_000_000_123L, ""))).isFalse();
    FileVersion tagged = new FileVersion(100, 1_700_000_000_123L, "\"abc\"");
    assertThat(tagged.sameAs(new FileVersion(100, 1_700_000_000_500L, "\"def\""))).as("a same-second rewrite")
        .isFalse();
    assertThat(tagged.changeTo(new FileVersion(100, 1_700_000_000_500L, "\"def\""))).contains("etag");
  }

  @Test
  void aSchemaOfOneColumnAndOldStyleNamesReadsToo() throws IOException {
    TestOrc.write(dir.resolve("t/old.orc"), 0, 3_000, CompressionKind.ZLIB, 64L << 20,
        TypeDescription.fromString("struct<_col0:bigint,_col1:string>"));
    JobConf job = job(dir.resolve("t"));
    job.set(SplitSettings.PREDICATE, "id < 0"); // names no column of the file: nothing eliminated
    InputSplit[] splits = new io.tezext.splitgen.mapred.OrcStripeInputFormat<OrcStruct>().getSplits(job, 1);
    assertThat(readMapred(sent(splits[0]), job, new BitSet())).isEqualTo(3_000);
  }
}
