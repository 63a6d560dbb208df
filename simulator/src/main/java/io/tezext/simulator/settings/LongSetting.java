package io.tezext.simulator.settings;

/** A whole number (usually milliseconds); read with {@link Settings#get(LongSetting)}. */
public final class LongSetting extends WholeSetting {
  LongSetting(SettingsSection section, int index, String name, long defaultValue, long min, long max, String doc) {
    super(section, index, name, defaultValue, min, max, doc);
  }
}
