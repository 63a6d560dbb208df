package io.tezext.simulator.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the results of one workload run with several schedulers, the first being the baseline.
 * Output is deterministic: same runs, same bytes (apart from host-measured figures).
 */
public interface ReportWriter {
  void write(List<ComparedRun> runs, Path outDir) throws IOException;
}
