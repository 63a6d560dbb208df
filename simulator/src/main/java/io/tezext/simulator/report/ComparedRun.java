package io.tezext.simulator.report;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;

/** One scheduler's run with its figures, as the reports see it. */
public record ComparedRun(RunResult result, RunFigures figures) {

  public static List<ComparedRun> of(List<RunResult> results) {
    List<ComparedRun> runs = new ArrayList<>(results.size());
    for (RunResult r : results) {
      runs.add(new ComparedRun(r, RunFigures.of(r)));
    }
    return runs;
  }

  /** This run's figure over the baseline's; 0 when the baseline's is 0. */
  public double ratio(ComparedRun baseline, String key) {
    double base = baseline.figures.get(key).value();
    return base == 0 ? 0 : figures.get(key).value() / base;
  }
}
