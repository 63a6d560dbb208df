package io.tezext.testkit.stress;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.TextInputFormat;
import org.apache.hadoop.mapred.split.TezGroupedSplit;

import io.tezext.testkit.fs.LatencyFileSystem;
import io.tezext.testkit.fs.LatencyModel;
import io.tezext.testkit.fs.Requests;

/**
 * One seeded run of a grouped-split read on real threads: 2 to 41 text files (some empty) read
 * through {@link LatencyFileSystem} with 0 to 3 ms per request, K of 0 to 11 readers ahead, 1 to 8
 * threads, sometimes one split whose open fails, sometimes a read closed early (a LIMIT). The seed
 * fixes the files, the settings and the latencies; the threads' interleaving is the machine's.
 * The outcome says whether every split was read once, in order, and whether anything was left open.
 */
public final class GroupedReadStress {
  /** How a reader under test is made from the run's group. */
  public interface ReaderFactory {
    RecordReader<LongWritable, Text> open(TezGroupedSplit group, JobConf job, Case c) throws IOException;

    /** Whether every thread the closed reader started has finished, waiting at most 10 s. */
    default boolean quietAfterClose(RecordReader<LongWritable, Text> reader) throws InterruptedException {
      return true;
    }
  }

  /** The run's settings, drawn from its seed. */
  public record Case(long seed, int files, int readersAhead, int threads, int failingSplit, long stopAfter) {
    static Case draw(long seed) {
      SplittableRandom random = new SplittableRandom(seed);
      int files = 2 + random.nextInt(40);
      int failing = random.nextInt(5) == 0 ? random.nextInt(files) : -1;
      long stopAfter = random.nextInt(5) == 0 ? random.nextInt(files * 10) : Long.MAX_VALUE;
      return new Case(seed, files, random.nextInt(12), 1 + random.nextInt(8), failing, stopAfter);
    }
  }

  /** What went wrong in a run, if anything; {@code rows} were read. */
  public record Outcome(Case c, long rows, boolean outOfOrder, boolean splitSkipped, boolean duplicated,
      boolean failureWrong, int leakedStreams, boolean threadsLeft, String error) {
    public boolean ok() {
      return !outOfOrder && !splitSkipped && !duplicated && !failureWrong && leakedStreams == 0 && !threadsLeft;
    }
  }

  private static final java.util.concurrent.atomic.AtomicLong RUNS = new java.util.concurrent.atomic.AtomicLong();

  private GroupedReadStress() {
  }

  /** Runs seed {@code seed}'s case in {@code dir} (empty; the run writes its files there). */
  public static Outcome run(Path dir, long seed, ReaderFactory factory) throws IOException, InterruptedException {
    Case c = Case.draw(seed);
    SplittableRandom random = new SplittableRandom(seed * 31 + 7);
    String authority = "stress-" + seed + "-" + RUNS.incrementAndGet(); // each run its own request counts
    JobConf job = new JobConf(false);
    List<String> expected = new ArrayList<>();
    List<InputSplit> splits = new ArrayList<>();
    for (int f = 0; f < c.files(); f++) {
      int rows = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(20);
      StringBuilder text = new StringBuilder();
      for (int r = 0; r < rows; r++) {
        String row = "s" + f + "-r" + r;
        text.append(row).append('\n');
        expected.add(row);
      }
      Path file = dir.resolve("part-" + f);
      Files.writeString(file, text, StandardCharsets.UTF_8);
      splits.add(new FileSplit(LatencyFileSystem.path(authority, file), 0, Files.size(file), new String[0]));
    }
    long latencySeed = random.nextLong();
    String failing = c.failingSplit() < 0 ? null : "part-" + c.failingSplit();
    LatencyFileSystem.configure(job, authority, (kind, path) -> {
      if (kind == Requests.Kind.OPEN && path.getName().equals(failing)) {
        throw new IOException("injected failure opening " + path);
      }
      // The same request of the same file costs the same in every run of this seed.
      return Math.floorMod(new SplittableRandom(latencySeed ^ path.getName().hashCode() ^ kind.ordinal()).nextLong(),
          4);
    });
    long length = 0;
    for (InputSplit s : splits) {
      length += s.getLength();
    }
    TezGroupedSplit group = new TezGroupedSplit(splits, TextInputFormat.class.getName(), new String[0], null, length);
    Requests requests = LatencyFileSystem.requests(authority);

    List<String> read = new ArrayList<>();
    boolean failureWrong = false;
    String error = null;
    RecordReader<LongWritable, Text> reader = null;
    try {
      reader = factory.open(group, job, c);
      LongWritable key = reader.createKey();
      Text value = reader.createValue();
      while (read.size() < c.stopAfter() && reader.next(key, value)) {
        read.add(value.toString());
      }
      if (failing != null && read.size() < c.stopAfter() && firstRowOf(expected, c.failingSplit()) >= 0) {
        failureWrong = true; // the read ended normally past a split that could not be opened
      }
    } catch (IOException | RuntimeException e) { // Tez's async mode throws unchecked
      error = e.toString() + (e.getCause() == null ? "" : " / " + e.getCause());
      failureWrong = failing == null || !String.valueOf(e.getMessage()).contains(failing);
    } finally {
      if (reader != null) {
        try {
          reader.close();
        } catch (IOException | RuntimeException e) {
          error = (error == null ? "" : error + "; ") + "close: " + e;
        }
      }
    }
    boolean threadsLeft = reader != null && !factory.quietAfterClose(reader);
    if (reader == null) {
      // The reader failed in its constructor, so there is nothing to wait on: opens it started may
      // still be running, and each closes what it opened when it returns. A leak is a stream still
      // open once they all have.
      awaitClosed(requests);
    }
    return judge(c, expected, read, failureWrong, requests.openStreams().size(), threadsLeft, error);
  }

  @io.tezext.testkit.SuppressForbidden("waits in real time for real threads to finish their opens")
  private static void awaitClosed(Requests requests) throws InterruptedException {
    long giveUp = System.nanoTime() + 10_000_000_000L;
    while (!requests.openStreams().isEmpty() && System.nanoTime() < giveUp) {
      Thread.sleep(1);
    }
  }

  /** The index in {@code expected} of split {@code split}'s first row, or -1 if it has none. */
  private static int firstRowOf(List<String> expected, int split) {
    return expected.indexOf("s" + split + "-r0");
  }

  private static Outcome judge(Case c, List<String> expected, List<String> read, boolean failureWrong, int leaked,
      boolean threadsLeft, String error) {
    boolean duplicated = read.stream().distinct().count() < read.size();
    boolean outOfOrder = false;
    for (int i = 1; i < read.size(); i++) {
      if (expected.indexOf(read.get(i)) < expected.indexOf(read.get(i - 1))) {
        outOfOrder = true;
        break;
      }
    }
    // Rows read must be exactly a prefix of the expected rows, up to the stop or the failing split.
    long wanted = Math.min(c.stopAfter(), expected.size());
    if (c.failingSplit() >= 0) {
      long beforeFailure = expected.stream().filter(r -> splitOf(r) < c.failingSplit()).count();
      wanted = Math.min(wanted, beforeFailure);
    }
    boolean skipped = !outOfOrder && !duplicated
        && (read.size() < wanted || !read.equals(expected.subList(0, read.size())));
    return new Outcome(c, read.size(), outOfOrder, skipped, duplicated, failureWrong, leaked, threadsLeft, error);
  }

  private static int splitOf(String row) {
    return Integer.parseInt(row.substring(1, row.indexOf('-')));
  }

  /** Tez's own grouped reader in its async mode (TEZ-4397) with the case's K and threads. */
  public static RecordReader<LongWritable, Text> tez(TezGroupedSplit group, JobConf job, Case c) throws IOException {
    job.setInt("tez.grouping.split.init.recordreaders", c.readersAhead());
    job.setInt("tez.grouping.split.init.threads", c.threads());
    org.apache.hadoop.mapred.split.TezGroupedSplitsInputFormat<LongWritable, Text> format =
        new org.apache.hadoop.mapred.split.TezGroupedSplitsInputFormat<>();
    format.setConf(job);
    return format.getRecordReader(group, job, Reporter.NULL);
  }
}
