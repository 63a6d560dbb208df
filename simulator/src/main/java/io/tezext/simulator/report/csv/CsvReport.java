package io.tezext.simulator.report.csv;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.Figure;
import io.tezext.simulator.metrics.UtilizationSample;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.PrintableText;
import io.tezext.simulator.report.ReportWriter;

/**
 * {@code summary.csv} (a row per scheduler, a column per figure), {@code dags.csv},
 * {@code attempts.csv} and {@code utilization.csv} (a row per record, with its scheduler). Text from
 * the inputs is written {@linkplain PrintableText printable}.
 */
public final class CsvReport implements ReportWriter {
  public static final String SUMMARY = "summary.csv";
  public static final String DAGS = "dags.csv";
  public static final String ATTEMPTS = "attempts.csv";
  public static final String UTILIZATION = "utilization.csv";

  @Override
  public void write(List<ComparedRun> runs, Path outDir) throws IOException {
    Files.createDirectories(outDir);
    List<String> summaryHeader = new ArrayList<>(List.of("scheduler"));
    runs.get(0).figures().figures().forEach(f -> summaryHeader.add(f.key()));
    try (CSVPrinter csv = printer(outDir.resolve(SUMMARY), summaryHeader)) {
      for (ComparedRun r : runs) {
        List<Object> row = new ArrayList<>(List.of(r.result().scheduler()));
        for (Figure f : r.figures().figures()) {
          row.add(f.value());
        }
        csv.printRecord(PrintableText.row(row.toArray()));
      }
    }
    try (CSVPrinter csv = printer(outDir.resolve(DAGS), List.of("scheduler", "dag", "name", "queue",
        "arrival_ms", "start_ms", "finish_ms", "completion_ms", "tasks", "work_ms", "critical_path_ms", "succeeded"))) {
      for (ComparedRun r : runs) {
        for (DagRecord d : r.result().dags()) {
          csv.printRecord(PrintableText.row(r.result().scheduler(), d.id(), d.name(), d.queue(), d.arrivalMs(),
              d.startMs(), d.finishMs(), d.completionMs(), d.tasks(), d.workMs(), d.criticalPathMs(), d.succeeded()));
        }
      }
    }
    try (CSVPrinter csv = printer(outDir.resolve(ATTEMPTS), List.of("scheduler", "dag", "vertex", "task",
        "attempt", "container", "host", "requested_ms", "assigned_ms", "start_ms", "end_ms", "locality",
        "reused_container", "outcome"))) {
      for (ComparedRun r : runs) {
        for (AttemptRecord a : r.result().attempts()) {
          csv.printRecord(PrintableText.row(r.result().scheduler(), a.dagId(), a.vertex(), a.task(), a.attempt(),
              a.containerId(), a.host(), a.requestedMs(), a.assignedMs(), a.startMs(), a.endMs(), a.locality(),
              a.reusedContainer(), a.outcome()));
        }
      }
    }
    try (CSVPrinter csv = printer(outDir.resolve(UTILIZATION), List.of("scheduler", "time_ms",
        "memory_allocated", "vcores_allocated", "memory_busy"))) {
      for (ComparedRun r : runs) {
        for (UtilizationSample u : r.result().utilization()) {
          csv.printRecord(PrintableText.row(r.result().scheduler(), u.timeMs(), u.allocatedMemory(),
              u.allocatedVcores(), u.busyMemory()));
        }
      }
    }
  }

  private static CSVPrinter printer(Path file, List<String> header) throws IOException {
    Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    return new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(header.toArray(new String[0]))
        .setRecordSeparator('\n').build());
  }
}
