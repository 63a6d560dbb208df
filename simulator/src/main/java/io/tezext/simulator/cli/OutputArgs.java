package io.tezext.simulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Option;

import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.report.ReportType;

/** Where results go and how a run is watched. */
final class OutputArgs {
  @Option(names = "--out", paramLabel = "DIR", description = "Directory for the JSON and CSV reports.")
  Path out;

  @Option(names = "--format", defaultValue = "console,json,csv", paramLabel = "FORMATS",
      description = "Report formats: console, json, csv (default ${DEFAULT-VALUE}).")
  String formats;

  @Option(names = "--check-invariants",
      description = "Check the simulator's invariants after every event (slower; for debugging a model).")
  boolean checkInvariants;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  void validate() {
    List<ReportType> types = ReportType.parseList(formats);
    if (out == null && types.stream().anyMatch(t -> t != ReportType.CONSOLE)) {
      throw new IllegalArgumentException("--out DIR is needed for the " + formats + " reports "
          + "(or choose --format console)");
    }
  }

  void write(List<RunResult> results, PrintWriter console) throws IOException {
    SideBySideRun.report(ReportType.parseList(formats), results, out, console);
  }
}
