package io.tezext.simulator.sweep;

import java.util.Map;
import java.util.stream.Collectors;

import io.tezext.simulator.scheduler.SchedulerKind;
import io.tezext.simulator.scheduler.SchedulerSpec;

/**
 * One combination of a grid: a scheduler and the keys it is given (on top of the scenario's
 * {@code tez.conf}). Setting 0 of a grid is its baseline.
 *
 * @param index its number in the grid ({@code s00} is the baseline)
 * @param kind the scheduler
 * @param conf every key it is given, fixed and swept, in the grid file's order
 * @param swept the keys of {@code conf} the grid varies
 */
public record Setting(int index, SchedulerKind kind, Map<String, String> conf, java.util.List<String> swept) {
  public Setting {
    conf = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(conf));
    swept = java.util.List.copyOf(swept);
  }

  /** {@code s03}: short, sortable. */
  public String id() {
    return id(index);
  }

  static String id(int index) {
    return String.format(java.util.Locale.ROOT, "s%02d", index);
  }

  public boolean isBaseline() {
    return index == 0;
  }

  /** The scheduler and its keys as {@code --scheduler} writes them: {@code dagaware(k=v;k2=v2)}. */
  public String description() {
    if (conf.isEmpty()) {
      return kind.cliName();
    }
    return kind.cliName() + conf.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(";", "(", ")"));
  }

  /** The scheduler to run, labelled with its id, so that its log lines say which setting wrote them. */
  public SchedulerSpec spec() {
    return new SchedulerSpec(id(), kind.cliName(), kind.className(), conf);
  }

  /** Whether this is the same scheduler with the same keys as {@code other}. */
  boolean sameAs(SchedulerKind otherKind, Map<String, String> otherConf) {
    return kind == otherKind && conf.equals(otherConf);
  }
}
