package io.tezext.splitgen.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.apache.hadoop.mapred.JobConf;
import org.apache.orc.CompressionKind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.split.StripeSplit;
import io.tezext.splitgen.split.StripeSplitGenerator;
import io.tezext.testkit.LiveThreads;
import io.tezext.testkit.s3.S3FaultProxy;
import io.tezext.testkit.s3.S3Server;

/**
 * Split generation through S3A while the object store misbehaves (a fault-injecting proxy in front
 * of the test kit's S3-API server): requests throttled with {@code 503 SlowDown}, slowed, the
 * server stopped in the middle of the planning and started again, or stopped for good. The planning
 * either comes out as it does without faults, after S3A's retries, or fails within S3A's retry
 * budget naming the table's objects; either way no planning thread is left running. (An object
 * overwritten between planning and reading: {@code SplitGenerationOverS3IT}.)
 */
class SplitGenerationUnderS3FaultsIT {
  private static final String TABLE = "s3a://warehouse/sales";
  private static final String THREADS = "tezext-orc-tails-";

  @TempDir
  static Path dir;

  private static S3Server s3;
  private static S3FaultProxy proxy;
  private static List<String> withoutFaults;

  @BeforeAll
  static void startServer() throws Exception {
    s3 = S3Server.start(dir.resolve("s3"));
    proxy = S3FaultProxy.start(s3);
    Path table = s3.bucket("warehouse").resolve("sales");
    for (int f = 0; f < 12; f++) {
      TestOrc.write(table.resolve("day=" + f % 3 + "/part-" + f + ".orc"), f * 3_000L, 3_000);
    }
    TestOrc.write(table.resolve("day=3/big.orc"), 36_000, 120_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
    withoutFaults = plan();
    assertThat(withoutFaults).hasSizeGreaterThan(13);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (s3 != null) {
      s3.close();
    }
  }

  @AfterEach
  void noPlanningThreadIsLeftAndTheServerIsBack() throws Exception {
    proxy.clearFaults();
    assertThat(LiveThreads.named(THREADS, Duration.ofSeconds(10))).as("planning threads still running").isEmpty();
    if (!s3.running()) {
      s3.restart();
    }
  }

  /** S3A against the proxy, retrying a failed request {@code retries} times ({@link S3FaultProxy}). */
  private static JobConf conf(int retries) {
    JobConf conf = new JobConf();
    proxy.configure(conf, retries);
    conf.set(SplitSettings.MIN_SIZE, "64k");
    conf.set(SplitSettings.MAX_SIZE, "256k");
    conf.set(SplitSettings.TAIL_CACHE_BYTES, "0"); // every planning reads every tail
    return conf;
  }

  /** The planning of the table, retrying long enough to outlast a restart: each split as its path, range and rows. */
  private static List<String> plan() throws IOException {
    return plan(6);
  }

  private static List<String> plan(int retries) throws IOException {
    return StripeSplitGenerator.generate(List.of(new org.apache.hadoop.fs.Path(TABLE)), conf(retries)).splits()
        .stream().map(StripeSplit::toString).toList();
  }

  @Test
  void throttledRequestsAreRetriedAndThePlanIsTheOneWithoutFaults() throws Exception {
    proxy.throttleNext(8);
    assertThat(plan()).isEqualTo(withoutFaults);
    assertThat(proxy.throttled()).isGreaterThanOrEqualTo(8);
  }

  @Test
  void slowedRequestsGiveThePlanWithoutFaults() throws Exception {
    proxy.delayEach(150);
    assertThat(plan()).isEqualTo(withoutFaults);
  }

  @Test
  void aServerStoppedMidPlanningAndBackWithinS3asRetriesGivesThePlanWithoutFaults() throws Exception {
    // After the listing and a tail or two: the server goes away, and comes back a second later.
    proxy.atRequest(3, () -> {
      stopServer(s3);
      Thread restart = new Thread(() -> restartAfter(1_000), "s3-restart");
      restart.setDaemon(true);
      restart.start();
    });
    assertThat(plan()).isEqualTo(withoutFaults);
  }

  @Test
  void aServerThatStaysDownFailsThePlanningNamingTheTablesObjects() {
    proxy.atRequest(3, () -> stopServer(s3));
    assertThatThrownBy(() -> plan(1)).isInstanceOf(IOException.class)
        .hasMessageContaining(TABLE + "/day=");
  }

  @Test
  void aServerDownBeforeTheListingFailsNamingTheInputPath() {
    stopServer(s3);
    assertThatThrownBy(() -> plan(1)).isInstanceOf(IOException.class)
        .hasMessageContaining(TABLE);
  }

  private static void stopServer(S3Server server) {
    try {
      server.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void restartAfter(long millis) {
    try {
      Thread.sleep(millis);
      s3.restart();
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException("the S3 server did not start again", e);
    }
  }
}
