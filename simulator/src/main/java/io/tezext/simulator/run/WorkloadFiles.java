package io.tezext.simulator.run;

import static io.tezext.simulator.am.AmSettings.COLD_TASK_PENALTY_MS;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.am.HistoryCalibration;
import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.io.FileAccess;
import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.workload.ReadContext;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;
import io.tezext.simulator.workload.tezhistory.HistoryInput;
import io.tezext.simulator.workload.tezhistory.RecordedHistory;
import io.tezext.simulator.workload.tezhistory.TezHistoryReader;

/**
 * Reads a workload file as the command line ({@code --workload}, {@code --workload-format},
 * {@code --skip-bad}) and a sweep's grid name it and, when it is Tez history, what the history says
 * about the model (calibration). Records skipped with {@code --skip-bad} are listed on the error stream.
 */
public final class WorkloadFiles {
  private final Path path;
  private final WorkloadFormat format;
  private final boolean skipBad;
  private final boolean strict;
  private final PrintWriter err;

  /**
   * With {@code strict}, a repair, default or drop a reader would make (counted in the notes
   * otherwise) fails the read instead.
   */
  public WorkloadFiles(Path path, String formatName, boolean skipBad, boolean strict, PrintWriter err) throws IOException {
    new BadRecords(skipBad, strict, List.of()); // refuses --skip-bad with --strict before anything is read
    FileAccess.requireFileOrDirectory(path);
    this.path = path;
    this.format = formatName.equalsIgnoreCase("auto") ? WorkloadFormat.detect(path)
        : WorkloadFormat.fromCliName(formatName);
    this.skipBad = skipBad;
    this.strict = strict;
    this.err = err;
  }

  private BadRecords badRecords() {
    return new BadRecords(skipBad, strict, new ArrayList<>());
  }

  /** The format's name, as {@code --workload-format} takes it. */
  public String formatName() {
    return format.cliName();
  }

  /** Whether the file is Tez history, which can calibrate the AM model. */
  public boolean isTezHistory() {
    return format.historyInput(path) != null;
  }

  /** The history, with how its DAGs ran; only for Tez history. */
  public RecordedHistory history() throws IOException {
    HistoryInput input = format.historyInput(path);
    if (input == null) {
      throw new IllegalArgumentException(path + " is " + format.cliName() + ", not Tez history: only history "
          + "records how containers launched");
    }
    BadRecords bad = badRecords();
    RecordedHistory h = TezHistoryReader.readHistory(input, bad);
    reportSkipped(bad.skipped());
    return h;
  }

  /**
   * The workload to replay on {@code scenario}, and the scenario to replay it on: Tez history is
   * calibrated from itself when {@code calibrate} (the launch model and the recorded scheduler keys
   * replace the scenario's), and its tasks lose the scenario's cold-JVM penalty where they ran in a
   * new JVM (the replay adds it back wherever it starts one).
   */
  public Replay replay(Scenario scenario, boolean calibrate, long seed) throws IOException {
    try {
      return replayOrThrow(scenario, calibrate, seed);
    } catch (FileSystemException e) { // a file of a directory the reader could not open
      throw new InputFileException((e.getFile() == null ? path.toString() : e.getFile()) + ": cannot read: "
          + FileAccess.why(e));
    }
  }

  private Replay replayOrThrow(Scenario scenario, boolean calibrate, long seed) throws IOException {
    if (!isTezHistory()) {
      BadRecords bad = badRecords();
      Workload w = format.read(path, new ReadContext(scenario.cluster(), seed, bad));
      reportSkipped(bad.skipped());
      return new Replay(scenario, w);
    }
    RecordedHistory h = history();
    List<String> notes = new ArrayList<>(h.workload().notes());
    Scenario s = scenario;
    if (calibrate) {
      HistoryCalibration c = HistoryCalibration.of(h, badRecords());
      s = scenario.withAm(c.applyTo(scenario.am()));
      c.notes().forEach(n -> notes.add("calibrated from the history (--calibrate off to keep the scenario's): " + n));
    }
    Workload w = h.inWarmJvms(s.am().get(COLD_TASK_PENALTY_MS));
    return new Replay(s, new Workload(w.name(), w.submissions(), notes));
  }

  private void reportSkipped(List<String> skipped) {
    if (!skipped.isEmpty()) {
      err.println("skipped " + skipped.size() + " unusable records (--skip-bad):");
      skipped.stream().limit(20).forEach(s -> err.println("  " + s));
      if (skipped.size() > 20) {
        err.println("  ... and " + (skipped.size() - 20) + " more");
      }
    }
  }

  /** A workload and the scenario to replay it on. */
  public record Replay(Scenario scenario, Workload workload) {
  }
}
