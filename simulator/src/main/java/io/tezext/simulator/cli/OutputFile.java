package io.tezext.simulator.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.tezext.simulator.io.FileAccess;
import io.tezext.simulator.io.OutputFileException;

/**
 * The one file a command writes ({@code generate --out}, {@code calibrate --out}), checked before
 * any work as {@link ReportDirectory} checks a report directory: a directory, a special file, a
 * symbolic link to nothing, or a path under a file or under a directory that does not exist is an
 * error at once, not after the work. A write that fails (a full disk) names the file and removes
 * what was written of it.
 */
final class OutputFile {
  private final Path path;
  private final String option;

  private OutputFile(Path path, String option) {
    this.path = path;
    this.option = option;
  }

  /**
   * Checks {@code path}; whether it may already exist is the command's to say.
   *
   * @param option the option that named it, for messages
   */
  static OutputFile check(Path path, String option) {
    if (Files.isSymbolicLink(path) && !Files.exists(path)) {
      throw new IllegalArgumentException(option + " " + path + " is a symbolic link to " + linkTarget(path)
          + ", which does not exist");
    }
    if (Files.isDirectory(path)) {
      throw new IllegalArgumentException(option + " " + path + " is a directory; name the file to write");
    }
    if (Files.exists(path) && !Files.isRegularFile(path)) {
      throw new IllegalArgumentException(option + " " + path + " is not a regular file (a device or a pipe); name "
          + "the file to write");
    }
    Path parent = path.toAbsolutePath().getParent();
    for (Path p = parent; p != null; p = p.getParent()) {
      if (Files.exists(p) && !Files.isDirectory(p)) {
        throw new IllegalArgumentException(option + " " + path + ": " + p + " is a file, not a directory");
      }
    }
    if (!Files.isDirectory(parent)) {
      throw new IllegalArgumentException(option + " " + path + ": no directory " + parent + " (create it first)");
    }
    return new OutputFile(path, option);
  }

  Path path() {
    return path;
  }

  /** Writes the file; on a failure, removes what was written and names the file and why. */
  void write(ReportDirectory.Writing write) {
    try {
      write.run();
    } catch (IOException e) {
      try {
        Files.deleteIfExists(path);
      } catch (IOException ignored) {
        // the message below says what went wrong first
      }
      throw new OutputFileException("cannot write " + option + " " + path + ": " + FileAccess.why(e));
    }
  }

  private static String linkTarget(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException e) {
      return "a path that cannot be read";
    }
  }
}
