package io.tezext.splitgen.listing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableFilesTest {
  @TempDir
  Path dir;

  private Path file(String relative, String content) throws IOException {
    Path f = dir.resolve(relative);
    Files.createDirectories(f.getParent());
    return Files.writeString(f, content);
  }

  private List<String> listed(Path... roots) throws IOException {
    List<org.apache.hadoop.fs.Path> paths = java.util.Arrays.stream(roots)
        .map(r -> new org.apache.hadoop.fs.Path(r.toUri())).toList();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      return TableFiles.list(paths, new Configuration(), pool).stream().map(LocatedFileStatus::getPath)
          .map(p -> dir.toUri().relativize(p.toUri()).getPath()).toList();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void partitionDirectoriesAreListedAndHiddenOrEmptyFilesLeftOut() throws IOException {
    file("t/day=1/part-0", "x");
    file("t/day=2/hour=3/part-0", "x");
    file("t/day=2/_SUCCESS", "x");
    file("t/.hive-staging_1/part-0", "x");
    file("t/day=1/_temporary/0/part-9", "x");
    file("t/day=1/.part-0.crc", "x");
    file("t/day=3/empty", "");
    assertThat(listed(dir.resolve("t"))).containsExactly("t/day=1/part-0", "t/day=2/hour=3/part-0");
  }

  @Test
  void aRootMayBeAFileAndSeveralRootsAreListedInPathOrder() throws IOException {
    Path b = file("b/part-0", "x");
    file("a/part-0", "x");
    assertThat(listed(b, dir.resolve("a"))).containsExactly("a/part-0", "b/part-0");
  }

  @Test
  void aFileNamedAsARootIsReadWhateverItsName() throws IOException {
    Path hiddenName = file("t/_x.orc", "x");
    assertThat(listed(hiddenName)).containsExactly("t/_x.orc");
  }

  @Test
  void hiveAcidLayoutsAreRefused() throws IOException {
    file("acid/base_0000005/bucket_00000", "x");
    file("acid/delta_0000006_0000006_0000/bucket_00000", "x");
    assertThatThrownBy(() -> listed(dir.resolve("acid"))).hasMessageContaining("Hive ACID directory (base_0000005)");
  }

  @Test
  void aFileUnderTwoRootsAndAMissingRootAreErrors() throws IOException {
    file("t/day=1/part-0", "x");
    assertThatThrownBy(() -> listed(dir.resolve("t"), dir.resolve("t/day=1")))
        .hasMessageContaining("part-0 is under two of the input paths");
    assertThatThrownBy(() -> listed(dir.resolve("nothing-here"))).hasMessageContaining("does not exist");
  }
}
