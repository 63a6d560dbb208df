package io.tezext.simulator.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.tezext.simulator.io.FileAccess;
import io.tezext.simulator.io.OutputFileException;
import io.tezext.simulator.report.csv.CsvReport;
import io.tezext.simulator.report.html.HtmlReport;
import io.tezext.simulator.report.json.JsonReport;
import io.tezext.simulator.run.RunStoppedException;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.run.StopSignal;

/**
 * The {@code --out} directory of a command, written all at once: everything goes to a staging
 * directory beside it, moved into place only when complete, so a run that fails or is stopped
 * leaves either nothing or a whole set of reports, never some of them. The directory is checked
 * before anything runs: a file, a path under a file, or a place that cannot be written is an error
 * at once, not after the simulation; so is a directory that already holds a report, unless it may
 * be replaced, and one that holds anything else (it is never replaced).
 */
final class ReportDirectory implements AutoCloseable {
  /** What a command writes there: a directory holding anything else is never replaced. */
  static final Set<String> REPORT_FILES = reportFiles();

  private static Set<String> reportFiles() {
    Set<String> files = new java.util.HashSet<>(List.of(JsonReport.SUMMARY, JsonReport.DAGS, CsvReport.SUMMARY,
        CsvReport.DAGS, CsvReport.ATTEMPTS, CsvReport.UTILIZATION, HtmlReport.FILE, SchedulerLog.FILE,
        SeedSummary.MARKDOWN, SeedSummary.JSON)); // SeedSummary: bin/tezext-sim demo
    files.addAll(io.tezext.simulator.sweep.SweepFiles.ALL); // bin/tezext-sim sweep
    return Set.copyOf(files);
  }

  private final Path out;
  private final Path staging;
  private boolean committed;
  private boolean abandoned;

  private ReportDirectory(Path out, Path staging) {
    this.out = out;
    this.staging = staging;
  }

  /**
   * Checks {@code out} and makes the staging directory beside it.
   *
   * @param replace whether a directory holding a previous report may be replaced ({@code --overwrite})
   * @param option the option that named it, for messages
   */
  static ReportDirectory prepare(Path out, boolean replace, String option) {
    return prepare(out, replace, option, StopSignal.NEVER);
  }

  /** Checks {@code out} and stages beside it; a stop that finds the command still running removes the staging. */
  static ReportDirectory prepare(Path out, boolean replace, String option, StopSignal stop) {
    ReportDirectory dir = prepareStaging(out, replace, option);
    stop.onStop(dir::abandon);
    return dir;
  }

  private static ReportDirectory prepareStaging(Path out, boolean replace, String option) {
    Path target = out.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(target)) {
      if (!Files.exists(target)) {
        throw new IllegalArgumentException(option + " " + out + " is a symbolic link to " + linkTarget(target)
            + ", which does not exist; create that directory, or name another");
      }
      target = realPath(target, option, out); // the reports go where the link points; the link stays
    }
    if (Files.exists(target) && !Files.isDirectory(target)) {
      throw new IllegalArgumentException(option + " " + out + " is a file, not a directory");
    }
    if (Files.isDirectory(target)) {
      List<String> held = entries(target);
      List<String> foreign = held.stream().filter(name -> !REPORT_FILES.contains(name)).toList();
      if (!foreign.isEmpty()) {
        throw new IllegalArgumentException(option + " " + out + " holds files that are not reports ("
            + String.join(", ", foreign.subList(0, Math.min(3, foreign.size()))) + (foreign.size() > 3 ? ", ..." : "")
            + "); name an empty or new directory");
      }
      if (!held.isEmpty() && !replace) {
        throw new IllegalArgumentException(option + " " + out + " already holds a report ("
            + String.join(", ", held) + "); give --overwrite to replace it, or name an empty or new directory");
      }
    }
    Path parent = target.getParent();
    try {
      Files.createDirectories(parent);
      return new ReportDirectory(target, Files.createTempDirectory(parent, "." + target.getFileName() + ".partial-"));
    } catch (FileAlreadyExistsException e) {
      Path blocking = Path.of(e.getFile());
      throw new IllegalArgumentException(option + " " + out + ": " + e.getFile() + (Files.isSymbolicLink(blocking)
          ? " is a symbolic link to " + linkTarget(blocking) + ", which does not exist"
          : " is a file, not a directory"));
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException(option + " " + out + ": cannot write in " + parent + " (permission denied)");
    } catch (IOException e) {
      throw new IllegalArgumentException(option + " " + out + ": cannot write in " + parent + ": " + e.getMessage());
    }
  }

  private static String linkTarget(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException e) {
      return "a path that cannot be read";
    }
  }

  private static Path realPath(Path link, String option, Path out) {
    try {
      return link.toRealPath();
    } catch (IOException e) {
      throw new IllegalArgumentException(option + " " + out + ": cannot follow the link: " + FileAccess.why(e));
    }
  }

  /**
   * Runs {@code write}, which writes into the staging directory; a failure (a full disk) names the
   * file by where it was going, and says that nothing was written there.
   *
   * @param what what was being written, for the message (for example "the json report")
   */
  void write(String what, Writing write) {
    try {
      write.run();
    } catch (IOException e) {
      Path file = e instanceof FileSystemException f && f.getFile() != null ? Path.of(f.getFile()).toAbsolutePath()
          : out;
      file = file.startsWith(staging) ? out.resolve(staging.relativize(file)) : file;
      throw new OutputFileException("cannot write " + what + " to " + file + ": " + FileAccess.why(e)
          + "; nothing was written to " + out);
    }
  }

  /** Writing into the staging directory. */
  @FunctionalInterface
  interface Writing {
    void run() throws IOException;
  }

  /** Where the command writes; {@link #commit()} makes it {@code out}. */
  Path staging() {
    return staging;
  }

  /** The directory the reports end up in. */
  Path target() {
    return out;
  }

  /** Moves the complete set into place, replacing what {@code out} held. */
  synchronized void commit() {
    if (abandoned) {
      throw new RunStoppedException();
    }
    write("the reports", this::moveIntoPlace);
  }

  private void moveIntoPlace() throws IOException {
    Path previous = null;
    if (Files.exists(out)) {
      previous = Files.createTempDirectory(out.getParent(), "." + out.getFileName() + ".previous-");
      Files.delete(previous);
      Files.move(out, previous, StandardCopyOption.ATOMIC_MOVE);
    }
    Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE);
    committed = true;
    if (previous != null) {
      deleteTree(previous);
    }
  }

  /** Without a commit, removes what was staged: a failed command leaves nothing behind. */
  @Override
  public synchronized void close() throws IOException {
    if (!committed) {
      deleteTree(staging);
    }
  }

  /** On a stop the command could not unwind from in time: removes what was staged, and commits nothing after. */
  synchronized void abandon() {
    abandoned = true;
    for (int attempt = 0; attempt < 2 && !committed && Files.exists(staging); attempt++) {
      try {
        deleteTree(staging); // a run may still add a file as it goes: then once more
      } catch (IOException | java.io.UncheckedIOException e) {
        // the JVM is stopping; what is left is a hidden .partial- directory
      }
    }
  }

  private static List<String> entries(Path dir) {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new IllegalArgumentException(dir + ": cannot list it: " + e.getMessage());
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        try {
          Files.delete(p);
        } catch (NoSuchFileException e) {
          // already gone
        }
      }
    }
  }
}
