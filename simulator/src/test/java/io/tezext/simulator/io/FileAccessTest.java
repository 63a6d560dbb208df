package io.tezext.simulator.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import org.junit.jupiter.api.Test;

class FileAccessTest {
  @Test
  void aPermissionProblemIsSaidToBeOne() {
    // Java's own message is the path alone: "AccessDeniedException: /data/trace.csv".
    assertThat(FileAccess.why(new AccessDeniedException("/data/trace.csv")))
        .isEqualTo("permission denied (the user running tezext-sim may not read it)");
  }

  @Test
  void otherFileProblemsSayWhatHappenedWithoutThePath() {
    assertThat(FileAccess.why(new NoSuchFileException("/data/x"))).isEqualTo("no such file or directory");
    assertThat(FileAccess.why(new FileSystemException("/data/x", null, "Too many open files")))
        .isEqualTo("Too many open files");
    assertThat(FileAccess.why(new IOException("No space left on device"))).isEqualTo("No space left on device");
  }
}
