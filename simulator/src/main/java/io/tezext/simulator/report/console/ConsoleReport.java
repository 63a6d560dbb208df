package io.tezext.simulator.report.console;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.tezext.simulator.metrics.Figure;
import io.tezext.simulator.report.ComparedRun;
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
      List<String> row = new ArrayList<>(List.of(label(f), format(f)));
      for (ComparedRun r : runs.subList(1, runs.size())) {
        row.add(format(r.figures().get(f.key())));
        double ratio = r.ratio(baseline, f.key());
        row.add(ratio == 0 ? "" : String.format(Locale.ROOT, "%.2fx", ratio));
      }
      table.add(row);
    }
    out.println("workload " + baseline.result().workload() + ", seed " + baseline.result().seed() + ", "
        + baseline.result().capacity().nodes() + " nodes on " + baseline.result().capacity().racks() + " racks");
    for (String note : baseline.result().notes()) {
      out.println("note: " + note);
    }
    table.print(out);
    out.flush();
  }

  private static String label(Figure f) {
    return f.unit().isEmpty() || f.unit().equals("%") || f.unit().equals("x") ? f.label()
        : f.label() + " (" + f.unit() + ")";
  }

  static String format(Figure f) {
    double v = f.value();
    return switch (f.unit()) {
      case "%" -> String.format(Locale.ROOT, "%.1f%%", v * 100);
      case "x" -> String.format(Locale.ROOT, "%.2fx", v);
      case "" -> v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
          : String.format(Locale.ROOT, "%,.1f", v);
      default -> String.format(Locale.ROOT, "%,.1f", v);
    };
  }
}
