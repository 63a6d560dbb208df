package io.tezext.simulator.report.html;

import java.util.List;

/** Colours that stay apart for the colour-blind (Okabe–Ito), in a fixed order so reruns look the same. */
final class Palette {
  private static final List<String> COLORS = List.of(
      "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000");

  private Palette() {
  }

  static String color(int index) {
    return COLORS.get(Math.floorMod(index, COLORS.size()));
  }
}
