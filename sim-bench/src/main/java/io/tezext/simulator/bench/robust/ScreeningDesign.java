package io.tezext.simulator.bench.robust;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.bench.compare.ModelVariant;
import io.tezext.simulator.run.Scenario;

/**
 * A Plackett-Burman screening design of 12 rows over the {@link ModelFactor}s: every factor at its
 * low level in six rows and its high level in the other six, and every pair of factors in each
 * combination of levels three times, so that each factor's effect can be told from the others' in
 * twelve variants instead of the 512 of every combination. Row 0 is the scenarios' own settings.
 */
final class ScreeningDesign {
  /** The generating row of the 12-run design (Plackett and Burman, 1946); rows 1-11 shift it, row 12 is all low. */
  private static final boolean[] GENERATOR = {true, true, false, true, true, true, false, false, false, true, false};
  static final int ROWS = 12;

  private ScreeningDesign() {
  }

  /** Whether {@code factor} is at its high level in design row {@code row} (1 to 12). */
  static boolean high(int row, ModelFactor factor) {
    if (row == ROWS) {
      return false;
    }
    return GENERATOR[(factor.ordinal() - (row - 1) + GENERATOR.length * 2) % GENERATOR.length];
  }

  /** The variant of design row {@code row}: 0 the scenario as it is, 1 to 12 the design's rows. */
  static ModelVariant variant(int row) {
    if (row == 0) {
      return ModelVariant.AS_IS;
    }
    StringBuilder name = new StringBuilder("row").append(row).append(':');
    for (ModelFactor f : ModelFactor.values()) {
      name.append(high(row, f) ? '+' : '-');
    }
    return new ModelVariant(name.toString(), s -> {
      Scenario out = s;
      for (ModelFactor f : ModelFactor.values()) {
        out = f.at(high(row, f), out);
      }
      return out;
    });
  }

  /**
   * The rows a scenario runs: the scenario as it is, then {@code rowsPerScenario} design rows, the
   * scenarios taking the twelve rows in turn so that together they cover them evenly.
   */
  static List<Integer> rowsFor(int scenarioIndex, int rowsPerScenario) {
    List<Integer> rows = new ArrayList<>();
    rows.add(0);
    for (int i = 0; i < rowsPerScenario; i++) {
      rows.add(1 + (scenarioIndex * rowsPerScenario + i) % ROWS);
    }
    return rows;
  }
}
