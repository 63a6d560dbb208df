package io.tezext.simulator.bench.compare;

import static io.tezext.simulator.am.AmSettings.OFF_SWITCH_PENALTY;
import static io.tezext.simulator.am.AmSettings.RACK_LOCAL_PENALTY;

import java.util.Locale;
import java.util.function.UnaryOperator;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.run.Scenario;

/**
 * One way of setting the model's uncertain choices (topology, penalties, cold starts, ...) on top of
 * a named scenario: comparisons are repeated under several so that a result cannot rest on one.
 *
 * @param name the key it goes by in a benchmark's JSON
 * @param apply the scenario as this variant changes it
 */
public record ModelVariant(String name, UnaryOperator<Scenario> apply) {
  /** The scenario as it is. */
  public static final ModelVariant AS_IS = new ModelVariant("default", UnaryOperator.identity());

  /** The rack-local and off-switch penalties multiplied by {@code scale}. */
  public static ModelVariant penalties(double scale) {
    return new ModelVariant(String.format(Locale.ROOT, "penalties x%s", scale), s -> {
      AmSettings am = s.am().with(RACK_LOCAL_PENALTY, s.am().get(RACK_LOCAL_PENALTY) * scale)
          .with(OFF_SWITCH_PENALTY, s.am().get(OFF_SWITCH_PENALTY) * scale);
      return s.withAm(am);
    });
  }
}
