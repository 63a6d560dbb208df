package io.tezext.simulator.sweep;

import java.nio.file.Path;
import java.util.List;

/**
 * What running a grid point needs from its grid: the scenario files, the workloads and the
 * settings, by index. A Tez task gets a copy whose files are the ones Tez localized for it.
 */
public record SweepInputs(List<Path> scenarios, List<GridWorkload> workloads, List<Setting> settings) {
  public SweepInputs {
    scenarios = List.copyOf(scenarios);
    workloads = List.copyOf(workloads);
    settings = List.copyOf(settings);
  }

  public static SweepInputs of(Grid grid) {
    return new SweepInputs(grid.scenarios(), grid.workloads(), grid.settings());
  }
}
