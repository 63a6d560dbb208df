package io.tezext.simulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.report.ReportType;

/** Where results go and how a run is watched. */
final class OutputArgs {
  @Option(names = "--out", paramLabel = "DIR", description = "Directory for the report files.")
  Path out;

  @Option(names = "--overwrite", description = "Replace the report already in --out DIR (never other files).")
  boolean overwrite;

  @Option(names = "--format", defaultValue = "console,json,csv", paramLabel = "FORMATS",
      completionCandidates = ReportType.Names.class,
      description = "Report formats, comma-separated: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
  String formats;

  @Option(names = "--report",
      description = "Also write DIR/report.html: one self-contained page comparing the schedulers (same as adding html to --format).")
  boolean report;

  @Option(names = "--check-invariants",
      description = "Check the simulator's invariants after every event (slower; for debugging a model).")
  boolean checkInvariants;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Option(names = "--threads", paramLabel = "N",
      description = "Schedulers simulated at once (default: one per core). Results do not depend on it; "
          + "scheduler CPU figures are most comparable with 1, when no run shares a core with another.")
  int threads = Runtime.getRuntime().availableProcessors();

  void validate() {
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be at least 1, was " + threads);
    }
    List<ReportType> types = types();
    if (out == null && types.stream().anyMatch(t -> t != ReportType.CONSOLE)) {
      throw new IllegalArgumentException("--out DIR is needed for the "
          + types.stream().filter(t -> t != ReportType.CONSOLE).map(ReportType::cliName).toList()
          + " reports (or choose --format console)");
    }
  }

  /** The checked --out directory, before anything runs; null without --out. */
  ReportDirectory prepare(io.tezext.simulator.run.StopSignal stop) {
    return out == null ? null : ReportDirectory.prepare(out, overwrite, "--out", stop);
  }

  /** Writes the reports into {@code dir} (null: console only) and moves them into place. */
  void write(List<RunResult> results, ReportDirectory dir, PrintWriter console) throws IOException {
    SideBySideRun.report(types(), results, dir, console);
  }

  private List<ReportType> types() {
    List<ReportType> types = new ArrayList<>(ReportType.parseList(formats));
    if (report && !types.contains(ReportType.HTML)) {
      types.add(ReportType.HTML);
    }
    return types;
  }
}
