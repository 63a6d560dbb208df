package io.tezext.simulator.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * What went wrong with a file, in the user's words: Java's file exceptions carry only the path as
 * their message ({@code AccessDeniedException: /data/trace.csv}), which reads as no reason at all.
 * And the inputs that would block a read forever (a named pipe with no writer, a device) are
 * refused before they are opened.
 */
public final class FileAccess {
  private FileAccess() {
  }

  /** Why {@code e} happened, without the path (the caller names it). */
  public static String why(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied (the user running tezext-sim may not " + (e.getMessage() != null
          && e.getMessage().contains("write") ? "write" : "read") + " it)";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /**
   * Fails unless {@code path} is a regular file or a directory (or a link to one): a named pipe
   * blocks the read until something writes to it, and the simulator reads an input more than once
   * (to tell its format, then to read it).
   */
  public static void requireFileOrDirectory(Path path) {
    if (!Files.exists(path)) {
      return; // the reader says it is missing, in its own words
    }
    if (!Files.isRegularFile(path) && !Files.isDirectory(path)) {
      throw new InputFileException(path + ": " + kind(path) + ", not a regular file or a "
          + "directory; save the input to a file first");
    }
  }

  private static String kind(Path path) {
    try {
      Object type = Files.readAttributes(path, "unix:mode").get("mode");
      int mode = type instanceof Integer m ? m : 0;
      return switch (mode & 0170000) {
        case 0010000 -> "a named pipe (FIFO)";
        case 0020000 -> "a character device";
        case 0060000 -> "a block device";
        case 0140000 -> "a socket";
        default -> "a special file";
      };
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "a special file";
    }
  }
}
