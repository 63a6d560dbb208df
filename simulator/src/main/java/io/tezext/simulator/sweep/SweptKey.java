package io.tezext.simulator.sweep;

import java.util.List;

/** A key a grid varies, for one scheduler, with its values in the grid file's order. */
public record SweptKey(io.tezext.simulator.scheduler.SchedulerKind kind, String key, List<String> values) {
  public SweptKey {
    values = List.copyOf(values);
  }
}
