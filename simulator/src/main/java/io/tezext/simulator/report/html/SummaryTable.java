package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.Figure;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.FigureText;

/**
 * Every figure, a column per scheduler, each against the baseline (the first). A ratio is marked
 * better or worse by which way the figure should go; figures measured on the host are marked so.
 */
final class SummaryTable {
  private SummaryTable() {
  }

  record Cell(String value, String ratio, String verdict) {
  }

  record Row(String label, boolean hostMeasured, List<Cell> cells) {
  }

  record Table(List<String> schedulers, List<Row> rows) {
  }

  static Table of(List<ComparedRun> runs) {
    ComparedRun baseline = runs.get(0);
    List<Row> rows = new ArrayList<>();
    for (Figure f : baseline.figures().figures()) {
      boolean host = RunFigures.HOST_MEASURED.contains(f.key());
      List<Cell> cells = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        Figure mine = runs.get(i).figures().get(f.key());
        double ratio = i == 0 ? 0 : runs.get(i).ratio(baseline, f.key());
        cells.add(new Cell(FigureText.value(mine), FigureText.ratio(ratio), verdict(ratio, f.higherIsBetter(), host)));
      }
      rows.add(new Row(FigureText.label(f), host, cells));
    }
    List<String> names = runs.stream().map(r -> r.result().scheduler()).toList();
    return new Table(names, rows);
  }

  /** A CSS class: whether this ratio is good news, bad news, or neither. */
  private static String verdict(double ratio, boolean higherIsBetter, boolean hostMeasured) {
    if (ratio == 0 || hostMeasured || Math.abs(ratio - 1) < 0.005) {
      return "same";
    }
    return (ratio > 1) == higherIsBetter ? "better" : "worse";
  }
}
