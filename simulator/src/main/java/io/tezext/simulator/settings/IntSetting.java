package io.tezext.simulator.settings;

/** A whole number that fits an int (a size, a count); read with {@link Settings#get(IntSetting)}. */
public final class IntSetting extends WholeSetting {
  IntSetting(SettingsSection section, int index, String name, int defaultValue, int min, int max, String doc) {
    super(section, index, name, defaultValue, min, max, doc);
  }
}
