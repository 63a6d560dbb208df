package io.tezext.splitgen.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.statistics.IOStatisticsSnapshot;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.orc.CompressionKind;
import org.apache.orc.mapred.OrcStruct;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.mapred.OrcStripeInputFormat;
import io.tezext.splitgen.split.StripeSplit;
import io.tezext.splitgen.split.StripeSplitGenerator;
import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;
import io.tezext.testkit.s3.S3Server;

/**
 * Split generation through Hadoop's S3A client against a real S3-API server (s3proxy on the loopback
 * address): a partitioned table is planned and read whole, the requests S3A counts are the ones the
 * test kit's latency file system charges for the same planning (so the benchmark's request model is
 * S3A's), and a table overwritten after planning fails its task.
 */
class SplitGenerationOverS3IT {
  private static final long ROWS = 12 * 3_000 + 120_000;

  @TempDir
  static Path dir;

  private static S3Server s3;
  private static Path table;

  @BeforeAll
  static void startServer() throws Exception {
    s3 = S3Server.start(dir.resolve("s3"));
    table = s3.bucket("warehouse").resolve("sales");
    for (int f = 0; f < 12; f++) {
      TestOrc.write(table.resolve("day=" + f % 3 + "/part-" + f + ".orc"), f * 3_000L, 3_000);
    }
    TestOrc.write(table.resolve("day=3/big.orc"), 36_000, 120_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (s3 != null) {
      s3.close();
    }
  }

  private static JobConf s3Conf() {
    JobConf conf = new JobConf();
    s3.configure(conf);
    conf.setBoolean("fs.s3a.impl.disable.cache", false); // one S3A instance, whose statistics the test reads
    conf.set(SplitSettings.MIN_SIZE, "64k");
    conf.set(SplitSettings.MAX_SIZE, "256k");
    conf.set(SplitSettings.TAIL_CACHE_BYTES, "0"); // every planning reads its tails
    return conf;
  }

  /** S3A's request counts of one planning: list pages, HEADs, GETs. */
  private record S3Requests(long list, long head, long get) {
    static S3Requests between(IOStatisticsSnapshot before, IOStatisticsSnapshot after) {
      Map<String, Long> a = after.counters();
      Map<String, Long> b = before.counters();
      return new S3Requests(
          delta(a, b, "object_list_request") + delta(a, b, "object_continue_list_request"),
          delta(a, b, "object_metadata_request"), delta(a, b, "action_http_get_request"));
    }

    private static long delta(Map<String, Long> a, Map<String, Long> b, String key) {
      return a.getOrDefault(key, 0L) - b.getOrDefault(key, 0L);
    }
  }

  @Test
  void aTableIsPlannedAndReadWholeThroughS3a() throws Exception {
    JobConf conf = s3Conf();
    var generated = StripeSplitGenerator.generate(List.of(new org.apache.hadoop.fs.Path("s3a://warehouse/sales")),
        conf);
    assertThat(generated.plan().files()).hasSize(13);
    assertThat(generated.plan().rows()).isEqualTo(ROWS);
    BitSet ids = new BitSet();
    OrcStripeInputFormat<OrcStruct> format = new OrcStripeInputFormat<>();
    for (StripeSplit split : generated.splits()) {
      RecordReader<NullWritable, OrcStruct> reader = format.getRecordReader(split, conf, Reporter.NULL);
      NullWritable key = reader.createKey();
      OrcStruct value = reader.createValue();
      while (reader.next(key, value)) {
        int id = (int) ((LongWritable) value.getFieldValue(0)).get();
        assertThat(ids.get(id)).as("id %d read twice", id).isFalse();
        ids.set(id);
      }
      reader.close();
    }
    assertThat(ids.cardinality()).isEqualTo((int) ROWS).isEqualTo(ids.nextClearBit(0));
  }

  @Test
  void s3aMakesTheRequestsTheLatencyFileSystemCharges() throws Exception {
    JobConf conf = s3Conf();
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path("s3a://warehouse/sales");
    FileSystem s3a = root.getFileSystem(conf);
    IOStatisticsSnapshot before = IOStatisticsSupport.snapshotIOStatistics(IOStatisticsSupport.retrieveIOStatistics(s3a));
    StripeSplitGenerator.generate(List.of(root), conf);
    S3Requests counted = S3Requests.between(before, IOStatisticsSupport.snapshotIOStatistics(IOStatisticsSupport.retrieveIOStatistics(s3a)));

    Configuration local = new Configuration();
    LatencyFileSystem.configure(local, "s3-cross-check", LatencyModel.NONE);
    local.set(SplitSettings.TAIL_CACHE_BYTES, "0");
    StripeSplitGenerator.generate(List.of(LatencyFileSystem.path("s3-cross-check", table)), local);
    Requests charged = LatencyFileSystem.requests("s3-cross-check");

    assertThat(counted.list()).as("S3A's list requests").isEqualTo(charged.of(Requests.Kind.LIST)).isEqualTo(1);
    assertThat(counted.head()).as("S3A's HEAD requests")
        .isEqualTo(charged.of(Requests.Kind.METADATA) + charged.of(Requests.Kind.OPEN)).isZero();
    assertThat(counted.get()).as("S3A's GET requests").isEqualTo(charged.of(Requests.Kind.READ)).isEqualTo(13);
  }

  @Test
  void anObjectOverwrittenAfterPlanningFailsItsTask() throws Exception {
    JobConf conf = s3Conf();
    Path file = TestOrc.write(s3.bucket("warehouse").resolve("overwritten/part-0.orc"), 0, 1_000);
    var generated = StripeSplitGenerator.generate(
        List.of(new org.apache.hadoop.fs.Path("s3a://warehouse/overwritten")), conf);
    TestOrc.write(file, 0, 2_000);
    assertThatThrownBy(() -> new OrcStripeInputFormat<OrcStruct>().getRecordReader(generated.splits().get(0), conf,
        Reporter.NULL)).hasMessageContaining("s3a://warehouse/overwritten/part-0.orc")
        .hasMessageContaining("changed since its splits were planned");
  }
}
