package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.UtilizationSample;
import io.tezext.simulator.report.ComparedRun;

/**
 * Cluster memory over time, a chart per scheduler on the same axes: allocated to containers
 * (solid) and running a task (dashed); the gap between them is memory held by idle containers.
 */
final class UtilizationChart {
  private UtilizationChart() {
  }

  static List<LineChart> of(List<ComparedRun> runs) {
    long end = 1;
    for (ComparedRun r : runs) {
      for (UtilizationSample s : r.result().utilization()) {
        end = Math.max(end, s.timeMs());
      }
    }
    TimeUnit unit = TimeUnit.forSpan(end);
    List<LineChart> charts = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Plot plot = new Plot(720, 200, 0, unit.of(end), 0, 1);
      StringBuilder allocated = new StringBuilder();
      StringBuilder busy = new StringBuilder();
      for (UtilizationSample s : runs.get(i).result().utilization()) {
        LineChart.point(allocated, plot, unit.of(s.timeMs()), s.allocatedMemory());
        LineChart.point(busy, plot, unit.of(s.timeMs()), s.busyMemory());
      }
      String name = runs.get(i).result().scheduler();
      List<LineChart.Series> series = List.of(
          new LineChart.Series(name + ": allocated", Palette.color(i), allocated.toString(), ""),
          new LineChart.Series(name + ": running tasks", Palette.color(i), busy.toString(), "4 3"));
      Frame frame = Frame.of(plot, plot.xTicks(Format::axis), plot.yTicks(v -> Format.axis(v * 100) + "%"),
          "simulated time (" + unit.name() + ")", "memory");
      charts.add(new LineChart("utilization-" + i, frame, series));
    }
    return charts;
  }
}
