package io.tezext.simulator.report;

import java.util.Locale;

import io.tezext.simulator.metrics.Figure;

/** How reports written for people show a figure: its label with the unit, and its value. */
public final class FigureText {
  private FigureText() {
  }

  public static String label(Figure f) {
    return f.unit().isEmpty() || f.unit().equals("%") || f.unit().equals("x") ? f.label()
        : f.label() + " (" + f.unit() + ")";
  }

  public static String value(Figure f) {
    double v = f.value();
    return switch (f.unit()) {
      case "%" -> String.format(Locale.ROOT, "%.1f%%", v * 100);
      case "x" -> String.format(Locale.ROOT, "%.2fx", v);
      case "" -> v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
          : String.format(Locale.ROOT, "%,.1f", v);
      default -> String.format(Locale.ROOT, "%,.1f", v);
    };
  }

  /** A ratio to the baseline, or empty when the baseline's figure is 0. */
  public static String ratio(double ratio) {
    return ratio == 0 ? "" : String.format(Locale.ROOT, "%.2fx", ratio);
  }
}
