package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.report.ComparedRun;

/** The distribution of DAG completion times (arrival to finish), one step curve per scheduler. */
final class CompletionCdf {
  private CompletionCdf() {
  }

  static LineChart of(List<ComparedRun> runs) {
    long longest = 1;
    for (ComparedRun r : runs) {
      for (DagRecord d : r.result().dags()) {
        longest = Math.max(longest, d.completionMs());
      }
    }
    TimeUnit unit = TimeUnit.forSpan(longest);
    Plot plot = new Plot(720, 320, 0, unit.of(longest), 0, 1);
    List<LineChart.Series> series = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      long[] completions = runs.get(i).result().dags().stream().filter(DagRecord::succeeded)
          .mapToLong(DagRecord::completionMs).sorted().toArray();
      StringBuilder points = new StringBuilder();
      LineChart.point(points, plot, 0, 0);
      for (int k = 0; k < completions.length; k++) {
        double x = unit.of(completions[k]);
        LineChart.point(points, plot, x, (double) k / completions.length);
        LineChart.point(points, plot, x, (double) (k + 1) / completions.length);
      }
      series.add(new LineChart.Series(runs.get(i).result().scheduler(), Palette.color(i), points.toString(), ""));
    }
    Frame frame = Frame.of(plot, plot.xTicks(Format::axis), plot.yTicks(v -> Format.axis(v * 100) + "%"),
        "DAG completion time (" + unit.name() + ")", "DAGs done");
    return new LineChart("cdf", frame, series);
  }
}
