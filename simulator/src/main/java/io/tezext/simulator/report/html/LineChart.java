package io.tezext.simulator.report.html;

import java.util.List;

/** A line chart ready to draw: its frame and one polyline per series. */
record LineChart(String id, Frame frame, List<Series> series) {

  /** One line: a name for the legend, a colour, SVG polyline points, and an SVG dash pattern or none. */
  record Series(String name, String color, String points, String dash) {
  }

  /** Appends a point in pixels to an SVG points list. */
  static void point(StringBuilder points, Plot plot, double x, double y) {
    if (!points.isEmpty()) {
      points.append(' ');
    }
    points.append(Plot.px(plot.x(x))).append(',').append(Plot.px(plot.y(y)));
  }
}
