package io.tezext.splitgen.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.orc.OrcTestFiles;

class FooterReadsTest {
  @TempDir
  Path dir;

  private final Configuration conf = new Configuration();
  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  private List<FileStatus> statuses(List<Path> files) throws Exception {
    FileSystem fs = FileSystem.getLocal(conf);
    List<FileStatus> statuses = new ArrayList<>();
    for (Path f : files) {
      statuses.add(fs.getFileStatus(new org.apache.hadoop.fs.Path(f.toUri())));
    }
    return statuses;
  }

  @Test
  void tailsComeInTheFilesOrderAndASecondReadComesFromTheCache() throws Exception {
    List<Path> files = OrcTestFiles.write(dir, 12, 1_000);
    TailCache cache = new TailCache(1 << 20);
    FooterReads reads = new FooterReads(pool, cache, conf);

    FooterReads.Result first = reads.read(statuses(files), false);
    assertThat(first.tails()).extracting(t -> Path.of(java.net.URI.create(t.path())).getFileName().toString())
        .containsExactlyElementsOf(files.stream().map(f -> f.getFileName().toString()).toList());
    assertThat(first.tails()).allSatisfy(t -> assertThat(t.rows()).isEqualTo(1_000));
    assertThat(cache.misses()).isEqualTo(12);

    reads.read(statuses(files), false);
    assertThat(cache.hits()).isEqualTo(12);
  }

  @Test
  void aFileRewrittenSinceIsReadAgain() throws Exception {
    List<Path> files = OrcTestFiles.write(dir, 1, 1_000);
    TailCache cache = new TailCache(1 << 20);
    FooterReads reads = new FooterReads(pool, cache, conf);
    reads.read(statuses(files), false);
    OrcTestFiles.write(dir, 1, 2_000); // same name, another length
    assertThat(reads.read(statuses(files), false).tails().get(0).rows()).isEqualTo(2_000);
  }

  @Test
  void aBadFileFailsTheReadNamingItOrIsSkippedAndListed() throws Exception {
    List<Path> files = new ArrayList<>(OrcTestFiles.write(dir, 3, 100));
    files.add(1, Files.writeString(dir.resolve("broken.orc"), "not orc, but long enough to be read"));
    FooterReads reads = new FooterReads(pool, new TailCache(1 << 20), conf);

    assertThatThrownBy(() -> reads.read(statuses(files), false)).hasMessageContaining("broken.orc");
    FooterReads.Result skipping = reads.read(statuses(files), true);
    assertThat(skipping.tails()).hasSize(3);
    assertThat(skipping.skipped()).singleElement().asString().contains("broken.orc");
  }

  @Test
  void aFileRewrittenBetweenItsListingAndItsTailReadIsNamedAsChanged() throws Exception {
    List<Path> files = OrcTestFiles.write(dir, 2, 2_000);
    List<FileStatus> listed = statuses(files);
    java.nio.file.Files.write(files.get(0), java.util.Arrays.copyOf(java.nio.file.Files.readAllBytes(files.get(0)),
        100)); // shorter
    FooterReads reads = new FooterReads(pool, new TailCache(1 << 20), conf);
    assertThatThrownBy(() -> reads.read(listed, false)).hasMessageContaining("part-00000.orc")
        .hasMessageContaining("changed while splits were planned (length");

    java.nio.file.Files.delete(files.get(0));
    assertThatThrownBy(() -> reads.read(listed, false)).hasMessageContaining("deleted while splits were planned");
  }

  @Test
  void aFileThatCannotBeReachedIsNeverSkippedAsBad() throws Exception {
    List<Path> files = OrcTestFiles.write(dir, 3, 100);
    Configuration c = new Configuration();
    LatencyFileSystem.configure(c, "unreachable", (kind, path) -> {
      if (kind == io.tezext.testkit.fs.Requests.Kind.READ && path.getName().equals("part-00001.orc")) {
        throw new java.net.SocketTimeoutException("read timed out");
      }
      return 0;
    });
    List<FileStatus> statuses = new ArrayList<>();
    for (Path f : files) {
      org.apache.hadoop.fs.Path p = LatencyFileSystem.path("unreachable", f);
      statuses.add(p.getFileSystem(c).getFileStatus(p));
    }
    FooterReads reads = new FooterReads(pool, new TailCache(1 << 20), c);
    assertThatThrownBy(() -> reads.read(statuses, true)).hasMessageContaining("part-00001.orc")
        .hasMessageContaining("read timed out").isNotInstanceOf(io.tezext.splitgen.BadInputException.class);
  }

  @Test
  void theCacheKeepsWithinItsByteBoundDroppingTheLeastRecentlyUsed() throws Exception {
    List<Path> files = OrcTestFiles.write(dir, 6, 100);
    TailCache probe = new TailCache(1 << 20);
    new FooterReads(pool, probe, conf).read(statuses(files), false);
    long perTail = probe.bytes() / 6;

    TailCache small = new TailCache(perTail * 3 + perTail / 2);
    new FooterReads(pool, small, conf).read(statuses(files), false);
    assertThat(small.bytes()).isLessThanOrEqualTo(perTail * 3 + perTail / 2);
  }
}
