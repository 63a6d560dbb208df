package io.tezext.simulator.settings;

import io.tezext.settings.Key;
import io.tezext.settings.Scope;

/**
 * A whole number (a size, a count, milliseconds), held exactly: {@link IntSetting} and
 * {@link LongSetting} differ only in the type a caller reads it as.
 */
public abstract sealed class WholeSetting extends Setting<Long> permits IntSetting, LongSetting {
  WholeSetting(SettingsSection section, int index, String name, long defaultValue, long min, long max, String doc) {
    super(section, index, name, Key.whole(path(section, name), Scope.SIMULATOR, defaultValue, min, max, doc));
  }

  @Override
  long raw(Long value) {
    return value;
  }

  @Override
  Long value(long raw) {
    return raw;
  }
}
