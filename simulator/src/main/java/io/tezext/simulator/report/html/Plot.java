package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A chart's frame: its size in pixels, the plotting area inside the margins, and linear scales
 * from data to pixels (y grows upwards). Ticks fall on round numbers (1, 2 or 5 times a power of ten).
 */
final class Plot {
  static final int LEFT = 64;
  static final int RIGHT = 16;
  static final int TOP = 12;
  static final int BOTTOM = 40;

  final int width;
  final int height;
  private final int left;
  private final double xMin;
  private final double xMax;
  private final double yMin;
  private final double yMax;

  Plot(int width, int height, double xMin, double xMax, double yMin, double yMax) {
    this(width, height, LEFT, xMin, xMax, yMin, yMax);
  }

  /** With a left margin of its own, for charts whose rows are labelled with long names. */
  Plot(int width, int height, int left, double xMin, double xMax, double yMin, double yMax) {
    this.width = width;
    this.left = left;
    this.height = height;
    this.xMin = xMin;
    this.xMax = xMax > xMin ? xMax : xMin + 1;
    this.yMin = yMin;
    this.yMax = yMax > yMin ? yMax : yMin + 1;
  }

  int left() {
    return left;
  }

  int right() {
    return width - RIGHT;
  }

  int top() {
    return TOP;
  }

  int bottom() {
    return height - BOTTOM;
  }

  double x(double v) {
    return left + (v - xMin) / (xMax - xMin) * (right() - left);
  }

  double y(double v) {
    return bottom() - (v - yMin) / (yMax - yMin) * (bottom() - TOP);
  }

  List<Tick> xTicks(DoubleFunction<String> label) {
    List<Tick> ticks = new ArrayList<>();
    for (double v : roundSteps(xMin, xMax, Math.max(2, (right() - left) / 90))) {
      ticks.add(new Tick(px(x(v)), label.apply(v)));
    }
    return ticks;
  }

  List<Tick> yTicks(DoubleFunction<String> label) {
    List<Tick> ticks = new ArrayList<>();
    for (double v : roundSteps(yMin, yMax, Math.max(2, (bottom() - TOP) / 45))) {
      ticks.add(new Tick(px(y(v)), label.apply(v)));
    }
    return ticks;
  }

  /** Round values from min to max, about {@code count} of them. */
  static List<Double> roundSteps(double min, double max, int count) {
    double raw = (max - min) / count;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = magnitude;
    for (double m : new double[] {1, 2, 5, 10}) {
      step = m * magnitude;
      if (step >= raw) {
        break;
      }
    }
    List<Double> steps = new ArrayList<>();
    for (double v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
      steps.add(Math.abs(v) < step * 1e-9 ? 0 : v);
    }
    return steps;
  }

  /** Pixels with one decimal: enough for a sharp chart, short enough for a small file. */
  static String px(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** A tick: where on its axis, and its label. */
  record Tick(String at, String label) {
  }
}
