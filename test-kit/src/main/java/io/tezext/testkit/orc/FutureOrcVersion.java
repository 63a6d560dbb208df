package io.tezext.testkit.orc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.apache.orc.OrcProto;

/**
 * Turns an ORC file into one a future ORC version wrote: its postscript (the file's last bytes,
 * never compressed, its length in the very last byte) names a format version no released orc-core
 * reads. What a table meets when a newer engine wrote one of its partitions.
 */
public final class FutureOrcVersion {
  private FutureOrcVersion() {
  }

  /** Rewrites {@code file}'s postscript to say format version {@code major}.{@code minor}. */
  public static void rewrite(Path file, int major, int minor) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int postscriptLength = bytes[bytes.length - 1] & 0xff;
    int start = bytes.length - 1 - postscriptLength;
    OrcProto.PostScript postscript = OrcProto.PostScript.parseFrom(Arrays.copyOfRange(bytes, start,
        bytes.length - 1));
    byte[] future = postscript.toBuilder().clearVersion().addVersion(major).addVersion(minor).build().toByteArray();
    if (future.length > 255) {
      throw new IOException(file + ": its postscript would be " + future.length + " bytes, more than ORC allows");
    }
    byte[] rewritten = Arrays.copyOf(bytes, start + future.length + 1);
    System.arraycopy(future, 0, rewritten, start, future.length);
    rewritten[rewritten.length - 1] = (byte) future.length;
    Files.write(file, rewritten);
    // Hadoop's local file system checks a file against its .crc sibling where there is one.
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }
}
