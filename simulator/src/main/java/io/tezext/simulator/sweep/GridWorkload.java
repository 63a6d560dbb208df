package io.tezext.simulator.sweep;

import java.nio.file.Path;

import io.tezext.simulator.workload.synthetic.SyntheticOptions;

/**
 * A workload of a grid: a file or directory {@code run --workload} reads (with its format,
 * calibration and strictness), or a synthetic workload generated from each grid point's seed.
 *
 * @param name how tables and reports name it
 * @param file the workload file or directory, or null for a synthetic workload
 * @param format a {@code --workload-format} name, {@code auto} to detect it
 * @param calibrate with Tez history: calibrate the AM model from it ({@code --calibrate auto})
 * @param skipBad skip unusable records ({@code --skip-bad})
 * @param strict refuse any input the simulator would change ({@code --strict})
 * @param synthetic the generator's options, or null for a file
 */
public record GridWorkload(String name, Path file, String format, boolean calibrate, boolean skipBad, boolean strict,
    SyntheticOptions synthetic) {

  public boolean isSynthetic() {
    return synthetic != null;
  }

  /** The same workload read from {@code other} (where a task finds the file it was shipped). */
  public GridWorkload at(Path other) {
    return new GridWorkload(name, other, format, calibrate, skipBad, strict, synthetic);
  }
}
