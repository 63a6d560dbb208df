package io.tezext.simulator.settings;

import io.tezext.settings.Key;
import io.tezext.settings.Scope;

/** On or off; read with {@link Settings#get(BooleanSetting)}. */
public final class BooleanSetting extends Setting<Boolean> {
  BooleanSetting(SettingsSection section, int index, String name, boolean defaultValue, String doc) {
    super(section, index, name, Key.flag(path(section, name), Scope.SIMULATOR, defaultValue, doc));
  }

  @Override
  long raw(Boolean value) {
    return value ? 1 : 0;
  }

  @Override
  Boolean value(long raw) {
    if (raw != 0 && raw != 1) {
      throw refused(Long.toString(raw));
    }
    return raw == 1;
  }
}
