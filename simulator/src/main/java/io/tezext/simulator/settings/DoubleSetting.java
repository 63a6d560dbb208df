package io.tezext.simulator.settings;

import io.tezext.settings.Key;
import io.tezext.settings.Scope;

/** A fraction or factor; read with {@link Settings#get(DoubleSetting)}. */
public final class DoubleSetting extends Setting<Double> {
  DoubleSetting(SettingsSection section, int index, String name, double defaultValue, double min, double max,
      boolean maxExcluded, String doc) {
    super(section, index, name, Key.number(path(section, name), Scope.SIMULATOR, defaultValue, min, max, maxExcluded,
        doc));
  }

  @Override
  long raw(Double value) {
    return bits(value);
  }

  @Override
  Double value(long raw) {
    return fromBits(raw);
  }

  /** A number as {@link Settings} holds it. */
  static long bits(double value) {
    return Double.doubleToLongBits(value);
  }

  static double fromBits(long raw) {
    return Double.longBitsToDouble(raw);
  }
}
