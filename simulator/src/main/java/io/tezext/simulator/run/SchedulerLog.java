package io.tezext.simulator.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.apache.log4j.Appender;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Where the schedulers' log goes while the simulator runs them: to {@code scheduler.log} in the
 * output directory (when there is one), never to the console, which gets one line counting the
 * warnings per run instead. Tez's scheduler can warn hundreds of times in a run; those lines would
 * bury the results. Each run's thread carries its label ({@link #threadNameFor}), so every line and
 * count says which run it came from.
 */
public final class SchedulerLog implements AutoCloseable {
  public static final String FILE = "scheduler.log";
  private static final String THREAD_PREFIX = "run ";

  private final Logger root = Logger.getRootLogger();
  private final List<Appender> previous = new ArrayList<>();
  private final Counter counter = new Counter();
  private final Path file;
  private final FileAppender fileAppender;

  /** Captures the log until {@link #close()}; {@code dir} may be null (count only). */
  public SchedulerLog(Path dir) throws IOException {
    for (Enumeration<?> e = root.getAllAppenders(); e.hasMoreElements();) {
      previous.add((Appender) e.nextElement());
    }
    root.removeAllAppenders();
    root.addAppender(counter);
    if (dir != null) {
      Files.createDirectories(dir);
      file = dir.resolve(FILE);
      fileAppender = new FileAppender(new PatternLayout("%-5p [%t] %c{1}: %m%n"), file.toString(), false);
      root.addAppender(fileAppender);
    } else {
      file = null;
      fileAppender = null;
    }
  }

  public static String threadNameFor(String runLabel) {
    return THREAD_PREFIX + runLabel;
  }

  /** One line: warnings and errors per run, and where the log is; nothing when there were none. */
  public void printSummary(PrintWriter console) {
    printSummary(console, file);
  }

  /**
   * As {@link #printSummary(PrintWriter)}, naming {@code finalFile} as where the log is: the file the
   * log is written to is staged, and moved there once the reports are complete.
   */
  public void printSummary(PrintWriter console, Path finalFile) {
    Map<String, Integer> counts = counter.snapshot();
    if (counts.isEmpty()) {
      return;
    }
    StringBuilder line = new StringBuilder("scheduler log: ");
    int total = counts.values().stream().mapToInt(Integer::intValue).sum();
    line.append(String.format(Locale.ROOT, "%,d warnings (", total));
    List<String> parts = new ArrayList<>();
    counts.forEach((run, n) -> parts.add(String.format(Locale.ROOT, "%s %,d", run, n)));
    line.append(String.join(", ", parts)).append(')');
    line.append(finalFile != null ? " in " + finalFile.toAbsolutePath().normalize() : "; give --out DIR to keep them");
    console.println(line);
  }

  /** One line for many runs: how many warned and how often, and where the log ends up; nothing when none did. */
  public void printTotal(PrintWriter console, Path finalFile) {
    Map<String, Integer> counts = counter.snapshot();
    if (!counts.isEmpty()) {
      console.println(String.format(Locale.ROOT, "scheduler log: %,d warnings from %d runs in %s",
          counts.values().stream().mapToInt(Integer::intValue).sum(), counts.size(), finalFile));
    }
  }

  @Override
  public void close() {
    root.removeAllAppenders();
    if (fileAppender != null) {
      fileAppender.close();
    }
    previous.forEach(root::addAppender);
  }

  /** Counts WARN and worse by run. */
  private static final class Counter extends AppenderSkeleton {
    private final Map<String, Integer> byRun = new TreeMap<>();

    @Override
    protected synchronized void append(LoggingEvent event) {
      if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
        String thread = event.getThreadName();
        String run = thread.startsWith(THREAD_PREFIX) ? thread.substring(THREAD_PREFIX.length()) : "simulator";
        byRun.merge(run, 1, Integer::sum);
      }
    }

    synchronized Map<String, Integer> snapshot() {
      return new TreeMap<>(byRun);
    }

    @Override
    public void close() {
    }

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }
}
