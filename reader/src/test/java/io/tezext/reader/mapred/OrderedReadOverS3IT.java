package io.tezext.reader.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.apache.orc.mapred.OrcInputFormat;
import org.apache.orc.mapred.OrcStruct;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.testkit.orc.OrcTestFiles;
import io.tezext.testkit.s3.S3Server;

/**
 * The ordered reader through Hadoop's S3A client against a real S3-API server (s3proxy on the
 * loopback address): a grouped split of ORC objects is read whole, in order, and an early close
 * leaves no open in flight.
 */
class OrderedReadOverS3IT {
  private static final int FILES = 24;
  private static final int ROWS = 3_000;

  @TempDir
  static Path dir;

  private static S3Server s3;
  private static TezGroupedSplit group;

  @BeforeAll
  static void startServer() throws Exception {
    s3 = S3Server.start(dir);
    group = salesGroup(s3, FILES, ROWS);
  }

  /**
   * {@code files} ORC objects of {@code rows} rows each, ids running on from one to the next, as
   * {@code s3a://warehouse/sales/*} on {@code s3}, grouped into one split in that order.
   */
  static TezGroupedSplit salesGroup(S3Server s3, int files, int rows) throws Exception {
    Path table = Files.createDirectories(s3.bucket("warehouse").resolve("sales"));
    List<InputSplit> splits = new ArrayList<>();
    long length = 0;
    for (Path f : OrcTestFiles.write(table, files, rows)) {
      long size = Files.size(f);
      splits.add(new FileSplit(new org.apache.hadoop.fs.Path("s3a://warehouse/sales/" + f.getFileName()), 0, size,
          new String[0]));
      length += size;
    }
    return new TezGroupedSplit(splits, OrcInputFormat.class.getName(), new String[0], null, length);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (s3 != null) {
      s3.close();
    }
  }

  private static OrderedGroupedRecordReader<NullWritable, OrcStruct> reader(int readersAhead) throws Exception {
    JobConf job = new JobConf();
    s3.configure(job);
    job.setInt("tezext.reader.open-ahead", readersAhead);
    job.setInt("tezext.reader.open-threads", 4);
    return (OrderedGroupedRecordReader<NullWritable, OrcStruct>)
        new OrderedGroupedInputFormat<NullWritable, OrcStruct>().getRecordReader(group, job, Reporter.NULL);
  }

  @Test
  void everyRowOfEveryObjectArrivesInOrder() throws Exception {
    OrderedGroupedRecordReader<NullWritable, OrcStruct> reader = reader(8);
    long rows = 0;
    long expectedId = 0;
    try (RecordReader<NullWritable, OrcStruct> r = reader) {
      NullWritable key = r.createKey();
      OrcStruct value = r.createValue();
      while (r.next(key, value)) {
        long id = ((org.apache.hadoop.io.LongWritable) value.getFieldValue(0)).get();
        assertThat(id).as("row %d", rows).isEqualTo(expectedId++); // ids run on across the files in order
        rows++;
      }
    }
    assertThat(rows).isEqualTo((long) FILES * ROWS);
    assertThat(reader.read().splitsRead()).hasSize(FILES);
    assertThat(reader.awaitQuiet(30_000)).isTrue();
  }

  @Test
  void anEarlyCloseStopsEveryOpen() throws Exception {
    OrderedGroupedRecordReader<NullWritable, OrcStruct> reader = reader(8);
    NullWritable key = reader.createKey();
    OrcStruct value = reader.createValue();
    for (int i = 0; i < 10; i++) {
      assertThat(reader.next(key, value)).isTrue();
    }
    reader.close(); // a LIMIT 10
    assertThat(reader.awaitQuiet(30_000)).isTrue();
  }
}
