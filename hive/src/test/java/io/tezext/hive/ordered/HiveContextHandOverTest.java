package io.tezext.hive.ordered;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.hive.ql.io.HiveRecordReader;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.LineRecordReader;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.TextInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.mapred.OrderedGroupedRecordReader;

/**
 * The reader module's ordered reader over Hive's own record readers, with the hand-over, which set Hive's per-input {@code IOContext} when
 * they are created: with every split of a group of four partitions' files opened before the first
 * row is read, each row is still read while Hive's context names its own file (the reader module's
 * {@code OrderedGroupedRecordReader} gets this wrong, as {@code HiveIoContextOpenAheadTest} in
 * hive-it shows).
 */
class HiveContextHandOverTest {
  private static final int ROWS_PER_FILE = 20_000;

  @TempDir
  Path dir;

  private List<InputSplit> fourPartitions() throws IOException {
    List<InputSplit> splits = new ArrayList<>();
    for (String partition : List.of("day=1", "day=2", "day=3", "day=4")) {
      Path file = Files.createDirectories(dir.resolve(partition)).resolve("000000_0");
      StringBuilder rows = new StringBuilder();
      for (int r = 0; r < ROWS_PER_FILE; r++) {
        rows.append(partition).append('\t').append(r).append('\n');
      }
      Files.writeString(file, rows);
      splits.add(new FileSplit(new org.apache.hadoop.fs.Path(file.toUri()), 0, Files.size(file), new String[0]));
    }
    return splits;
  }

  /** What Hive's input format hands out for a split: its HiveRecordReader, IOContext set at creation. */
  private static RecordReader<LongWritable, Text> hiveReader(InputSplit split, JobConf conf) throws IOException {
    LineRecordReader inner = new LineRecordReader(conf, (FileSplit) split);
    HiveRecordReader<LongWritable, Text> reader = new HiveRecordReader<>(inner, conf);
    reader.initIOContext((FileSplit) split, conf, TextInputFormat.class, inner);
    return reader;
  }

  @Test
  void everyRowIsReadUnderItsOwnFilesPathThoughEverySplitWasOpenedBeforeTheFirstRow() throws Exception {
    JobConf job = new JobConf(false);
    job.set("iocontext.input.name", "Map 1"); // Utilities.INPUT_NAME: Hive's context for the map work's input
    job.setInt("tezext.reader.open-ahead", 3);
    job.setInt("tezext.reader.open-threads", 2);
    OrderedGroupedRecordReader<LongWritable, Text> reader = HiveContextHandOver.read(fourPartitions(),
        HiveContextHandOverTest::hiveReader, job, Reporter.NULL, ReaderSettings.from(job), System::nanoTime);
    long giveUp = System.nanoTime() + 10_000_000_000L;
    while (reader.opens().finished() < 4 && System.nanoTime() < giveUp) {
      Thread.sleep(1);
    }
    assertThat(reader.opens().finished()).as("every split opened before the first row is read").isEqualTo(4);
    JobConf scratch = new JobConf(job);
    scratch.set("iocontext.input.name", "Map 1" + HiveContextHandOver.SCRATCH_SUFFIX);
    assertThat(String.valueOf(IOContextMap.get(scratch).getInputPath())).as("where the opens ahead set their context")
        .contains("/day="); // whichever open finished last
    assertThat(String.valueOf(IOContextMap.get(job).getInputPath())).as("Hive's context, all four opened")
        .contains("/day=1/");

    long rows = 0;
    long wrong = 0;
    LongWritable key = reader.createKey();
    Text value = reader.createValue();
    while (reader.next(key, value)) {
      rows++;
      String partition = value.toString().substring(0, value.toString().indexOf('\t'));
      if (!String.valueOf(IOContextMap.get(job).getInputPath()).contains("/" + partition + "/")) {
        wrong++;
      }
    }
    reader.close();
    assertThat(rows).isEqualTo(4L * ROWS_PER_FILE);
    assertThat(wrong).as("rows read while Hive's context named another file").isZero();
  }
}
