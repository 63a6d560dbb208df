package io.tezext.simulator.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a file's first bytes say it is, before a reader that expects UTF-8 text meets it: gzip,
 * zip, other binary data, or text in another encoding each get a message saying what the file is
 * and what to do, instead of a decoder's exception.
 */
public final class FileSniff {
  private static final int HEAD = 64 * 1024;

  private FileSniff() {
  }

  /**
   * Checks that {@code file} is UTF-8 text as far as its first 64 KB show.
   *
   * @param expected what the reader expected, for the message (for example "a JSON workload file")
   * @throws InputFileException naming the file, what it is and what was expected
   */
  public static void requireText(Path file, String expected) {
    FileAccess.requireFileOrDirectory(file);
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(HEAD);
    } catch (IOException e) {
      throw new InputFileException(file + ": cannot read: " + FileAccess.why(e));
    }
    if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
      throw new InputFileException(file + ": a gzip-compressed file; " + expected
          + " is read uncompressed (decompress it with gunzip)");
    }
    if (head.length >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
      throw new InputFileException(file + ": a zip archive, not " + expected);
    }
    int nul = indexOf(head, (byte) 0);
    if (nul >= 0) {
      throw new InputFileException(file + ": binary data (a zero byte at offset " + nul + "), not " + expected);
    }
    int bad = firstInvalidUtf8(head);
    if (bad >= 0) {
      throw new InputFileException(String.format(java.util.Locale.ROOT,
          "%s: not UTF-8 text (byte 0x%02x at offset %d); %s must be saved as UTF-8", file, head[bad] & 0xff, bad,
          expected));
    }
  }

  private static int indexOf(byte[] bytes, byte b) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }

  /** The offset of the first byte that is not valid UTF-8, or -1 (a sequence cut off at the end is fine). */
  private static int firstInvalidUtf8(byte[] head) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(head);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate(head.length);
    java.nio.charset.CoderResult result = decoder.decode(in, out, false);
    if (result.isError()) {
      return in.position();
    }
    return -1;
  }
}
