package io.tezext.schedreal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A check of the recorded real runs, run by {@link SchedRealBenchmark} once every pair is recorded:
 * it reads the runs' manifests and histories under {@code runsDir} (one directory per run, as
 * {@link RealRun} writes them) and adds its figures to the benchmark's last JSON line. The simulated
 * replay of the runs (calibrated on one pair, scored on the others) is such a check; the benchmark
 * names its checks in {@link SchedRealBenchmark#CHECKS}.
 */
interface RecordedRunsCheck {
  /** A few words for the report: what the check compares. */
  String name();

  /**
   * The figures this check adds to the JSON line, by key, in order, each a number, a boolean, a string
   * or a map of them; the lines of text it adds to the report go to {@code report}.
   */
  Map<String, Object> check(Path runsDir, List<RunManifest> runs, StringBuilder report) throws Exception;
}
