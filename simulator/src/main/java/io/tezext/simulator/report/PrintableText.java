package io.tezext.simulator.report;

/**
 * Text from the inputs (DAG, vertex and queue ids, notes naming them) as the text reports write it:
 * control characters (escape, bell, carriage return...) and the invisible characters that reorder
 * text (bidirectional overrides and isolates) become Java's escape for them (backslash, u, four hex
 * digits), so that an id cannot move a terminal's cursor, recolour it, split a CSV row or show a
 * spreadsheet reversed text. Everything else is kept as it is.
 */
public final class PrintableText {
  private PrintableText() {
  }

  /** {@code text} with every such character escaped; the same string when it has none. */
  public static String of(String text) {
    int first = 0;
    while (text != null && first < text.length() && !unsafe(text.charAt(first))) {
      first++; // every unsafe character is in the Basic Multilingual Plane
    }
    if (text == null || first == text.length()) {
      return text;
    }
    StringBuilder s = new StringBuilder(text.length() + 8).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      if (unsafe(c)) {
        s.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
      } else {
        s.append(c);
      }
    }
    return s.toString();
  }

  /** Objects of a report row, strings among them made printable. */
  public static Object[] row(Object... values) {
    Object[] row = values.clone();
    for (int i = 0; i < row.length; i++) {
      if (row[i] instanceof String text) {
        row[i] = of(text);
      }
    }
    return row;
  }

  private static boolean unsafe(int c) {
    return Character.getType(c) == Character.CONTROL // C0, DEL, C1
        || c == 0x061c || c == 0x200e || c == 0x200f // Arabic letter mark, left-to-right and right-to-left marks
        || (c >= 0x202a && c <= 0x202e) // embeddings and overrides
        || (c >= 0x2066 && c <= 0x2069); // isolates
  }
}
