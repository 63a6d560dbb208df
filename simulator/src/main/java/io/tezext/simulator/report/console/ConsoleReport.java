package io.tezext.simulator.report.console;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.Figure;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.FigureText;
import io.tezext.simulator.report.PrintableText;
import io.tezext.simulator.report.ReportWriter;

/** The summary table on the console: a column per scheduler, each against the baseline (the first). */
public final class ConsoleReport implements ReportWriter {
  private final PrintWriter out;

  public ConsoleReport(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void write(List<ComparedRun> runs, Path outDir) {
    ComparedRun baseline = runs.get(0);
    List<String> header = new ArrayList<>(List.of("", baseline.result().scheduler() + " (baseline)"));
    for (ComparedRun r : runs.subList(1, runs.size())) {
      header.add(r.result().scheduler());
      header.add("vs baseline");
    }
    TextTable table = new TextTable(header);
    for (Figure f : baseline.figures().figures()) {
      List<String> row = new ArrayList<>(List.of(FigureText.label(f), FigureText.value(f)));
      for (ComparedRun r : runs.subList(1, runs.size())) {
        row.add(FigureText.value(r.figures().get(f.key())));
        row.add(FigureText.ratio(r.ratio(baseline, f.key())));
      }
      table.add(row);
    }
    out.println("workload " + PrintableText.of(baseline.result().workload()) + ", seed " + baseline.result().seed()
        + ", " + baseline.result().capacity().nodes() + " nodes on " + baseline.result().capacity().racks() + " racks");
    for (String note : baseline.result().notes()) {
      out.println("note: " + PrintableText.of(note));
    }
    table.print(out);
    out.flush();
  }
}
