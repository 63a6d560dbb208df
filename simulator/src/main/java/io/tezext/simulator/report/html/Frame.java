package io.tezext.simulator.report.html;

import java.util.List;

/** What the template needs to draw a chart's axes: sizes, the plotting area, ticks and titles. */
record Frame(int width, int height, int left, int right, int top, int bottom, List<Plot.Tick> xTicks,
    List<Plot.Tick> yTicks, String xTitle, String yTitle) {

  static Frame of(Plot p, List<Plot.Tick> xTicks, List<Plot.Tick> yTicks, String xTitle, String yTitle) {
    return new Frame(p.width, p.height, p.left(), p.right(), p.top(), p.bottom(), xTicks, yTicks, xTitle, yTitle);
  }

  public int xTickLabelY() {
    return bottom + 16;
  }

  public int yTickLabelX() {
    return left - 6;
  }

  public int xTitleX() {
    return (left + right) / 2;
  }

  public int xTitleY() {
    return height - 4;
  }

  public int yTitleY() {
    return (top + bottom) / 2;
  }
}
