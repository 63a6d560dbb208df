package io.tezext.simulator.report.html;

import java.util.Locale;

/** Numbers as the report prints them, independent of the machine's locale. */
final class Format {
  private Format() {
  }

  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%,d", (long) v);
    }
    return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
  }

  static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  /** Axis label for a value that is already in display units. */
  static String axis(double v) {
    double whole = Math.rint(v);
    return Math.abs(v - whole) < 1e-9 ? String.format(Locale.ROOT, "%,d", (long) whole)
        : String.format(Locale.ROOT, "%.1f", v);
  }
}
