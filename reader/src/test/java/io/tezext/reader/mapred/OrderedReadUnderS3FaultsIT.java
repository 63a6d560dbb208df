package io.tezext.reader.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.apache.orc.mapred.OrcStruct;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.testkit.s3.CountedS3AFileSystem;
import io.tezext.testkit.LiveThreads;
import io.tezext.testkit.s3.S3FaultProxy;
import io.tezext.testkit.s3.S3Server;

/**
 * The ordered reader through S3A while the object store misbehaves (a fault-injecting proxy in
 * front of the test kit's S3-API server): requests throttled with {@code 503 SlowDown}, slowed, the
 * server stopped in the middle of the read, for good or for a moment. A read either delivers every
 * row in order, as without faults, or fails naming the split it could not open or read; either way,
 * once closed, every stream it opened is closed ({@link CountedS3AFileSystem} counts them) and no
 * opening thread is left running.
 */
class OrderedReadUnderS3FaultsIT {
  private static final int FILES = 24;
  private static final int ROWS = 3_000;
  private static final String THREADS = "tezext-reader-open-";

  @TempDir
  static Path dir;

  private static S3Server s3;
  private static S3FaultProxy proxy;
  private static TezGroupedSplit group;

  @BeforeAll
  static void startServer() throws Exception {
    s3 = S3Server.start(dir);
    proxy = S3FaultProxy.start(s3);
    group = OrderedReadOverS3IT.salesGroup(s3, FILES, ROWS);
  }

  @AfterAll
  static void closeServer() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (s3 != null) {
      s3.close();
    }
  }

  @AfterEach
  void theServerIsBack() throws Exception {
    proxy.clearFaults();
    if (!s3.running()) {
      s3.restart();
    }
  }

  /** How a read went: the rows that arrived in order, and the failure that ended it, if one did. */
  private record Read(long rowsInOrder, IOException failure, long streamsLeftOpen, List<String> threadsLeft) {
  }

  /**
   * Reads the group whole through the proxy, {@code midway} run after {@code afterRows} rows, S3A
   * retrying a failed request {@code retries} times ({@link S3FaultProxy#configure(
   * org.apache.hadoop.conf.Configuration, int)}): 6 outlast a server's restart, 1 fails within a
   * second, so that the opens still running when the reader closes end soon after.
   */
  private static Read read(int retries, long afterRows, Runnable midway) throws Exception {
    JobConf job = new JobConf();
    proxy.configure(job, retries);
    CountedS3AFileSystem.configure(job);
    job.setInt("tezext.reader.open-ahead", 8);
    job.setInt("tezext.reader.open-threads", 4);
    long openBefore = CountedS3AFileSystem.open();
    long rows = 0;
    IOException failure = null;
    OrderedGroupedRecordReader<NullWritable, OrcStruct> reader = null;
    try {
      reader = (OrderedGroupedRecordReader<NullWritable, OrcStruct>)
          new OrderedGroupedInputFormat<NullWritable, OrcStruct>().getRecordReader(group, job, Reporter.NULL);
      NullWritable key = reader.createKey();
      OrcStruct value = reader.createValue();
      while (reader.next(key, value)) {
        long id = ((LongWritable) value.getFieldValue(0)).get();
        assertThat(id).as("row %d", rows).isEqualTo(rows); // ids run on across the files in order
        rows++;
        if (rows == afterRows) {
          midway.run();
        }
      }
    } catch (IOException e) {
      failure = e;
    } finally {
      if (reader != null) {
        reader.close();
        assertThat(reader.awaitQuiet(30_000)).as("every open ended").isTrue();
      }
    }
    return new Read(rows, failure, CountedS3AFileSystem.open() - openBefore,
        LiveThreads.named(THREADS, Duration.ofSeconds(10)));
  }

  private static void assertClean(Read r) {
    assertThat(r.streamsLeftOpen()).as("streams opened and never closed").isZero();
    assertThat(r.threadsLeft()).as("opening threads still running").isEmpty();
  }

  @Test
  void throttledRequestsAreRetriedAndEveryRowArrivesInOrder() throws Exception {
    long before = CountedS3AFileSystem.opened();
    proxy.throttleNext(12);
    Read r = read(6, 0, () -> { });
    assertThat(r.failure()).isNull();
    assertThat(r.rowsInOrder()).isEqualTo((long) FILES * ROWS);
    assertThat(proxy.throttled()).isGreaterThanOrEqualTo(12);
    assertThat(CountedS3AFileSystem.opened() - before).as("streams opened").isGreaterThanOrEqualTo(FILES);
    assertClean(r);
  }

  @Test
  void slowedRequestsDeliverEveryRowInOrder() throws Exception {
    proxy.delayEach(100);
    Read r = read(6, 0, () -> { });
    assertThat(r.failure()).isNull();
    assertThat(r.rowsInOrder()).isEqualTo((long) FILES * ROWS);
    assertClean(r);
  }

  @Test
  void aServerStoppedMidReadForGoodFailsTheReadNamingTheSplitAndClosesEveryStream() throws Exception {
    Read r = read(1, 5 * ROWS + 10, () -> stopServer());
    assertThat(r.failure()).as("the read failed").isNotNull();
    assertThat(r.failure().getMessage()).containsPattern("could not (open|read) split \\d+ of " + FILES
        + " \\(s3a://warehouse/sales/");
    assertThat(r.rowsInOrder()).isGreaterThan(5L * ROWS).isLessThan((long) FILES * ROWS);
    assertClean(r);
  }

  @Test
  void aServerStoppedMidReadForAMomentDeliversEveryRowOrFailsNamingTheSplit() throws Exception {
    Read r = read(6, 5 * ROWS + 10, () -> {
      stopServer();
      Thread restart = new Thread(() -> {
        try {
          Thread.sleep(500);
          s3.restart();
        } catch (IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }, "s3-restart");
      restart.setDaemon(true);
      restart.start();
    });
    if (r.failure() == null) {
      assertThat(r.rowsInOrder()).isEqualTo((long) FILES * ROWS);
    } else {
      assertThat(r.failure().getMessage()).contains("split").contains("s3a://warehouse/sales/");
    }
    System.out.println("server back after 0.5 s: " + (r.failure() == null ? "every row arrived"
        : "failed: " + r.failure().getMessage()));
    assertClean(r);
  }

  private static void stopServer() {
    try {
      s3.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
