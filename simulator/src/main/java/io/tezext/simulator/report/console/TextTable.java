package io.tezext.simulator.report.console;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.report.PrintableText;

/** A plain-text table: first column left-aligned, the rest right-aligned, columns padded to fit. */
final class TextTable {
  private final List<List<String>> rows = new ArrayList<>();

  TextTable(List<String> header) {
    add(header);
  }

  /** Adds a row; its text is written {@linkplain PrintableText printable} (a scheduler's label is the user's). */
  void add(List<String> row) {
    rows.add(row.stream().map(PrintableText::of).toList());
  }

  void print(PrintWriter out) {
    int columns = rows.get(0).size();
    int[] width = new int[columns];
    for (List<String> row : rows) {
      for (int c = 0; c < columns; c++) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        String cell = rows.get(r).get(c);
        String pad = " ".repeat(width[c] - cell.length());
        line.append(c == 0 ? cell + pad : "  " + pad + cell);
      }
      out.println(line.toString().stripTrailing());
      if (r == 0) {
        int total = 0;
        for (int w : width) {
          total += w + 2;
        }
        out.println("-".repeat(total - 2));
      }
    }
  }
}
