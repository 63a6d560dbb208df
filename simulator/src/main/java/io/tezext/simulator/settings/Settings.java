package io.tezext.simulator.settings;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import io.tezext.settings.KeySet;

/** The values of one section's settings; immutable, each checked against its declaration. */
public final class Settings {
  private final SettingsSection section;
  /** Each setting's value as its declaration holds it ({@link Setting}: exact whole numbers, a number's bits). */
  private final long[] values;

  Settings(SettingsSection section, long[] values) {
    this.section = section;
    this.values = values;
  }

  public SettingsSection section() {
    return section;
  }

  public long get(LongSetting s) {
    return values[of(s)];
  }

  public int get(IntSetting s) {
    return (int) values[of(s)];
  }

  public double get(DoubleSetting s) {
    return DoubleSetting.fromBits(values[of(s)]);
  }

  public boolean get(BooleanSetting s) {
    return values[of(s)] != 0;
  }

  public Settings with(LongSetting s, long value) {
    return with((Setting<?>) s, value);
  }

  public Settings with(IntSetting s, int value) {
    return with((Setting<?>) s, value);
  }

  public Settings with(DoubleSetting s, double value) {
    return with((Setting<?>) s, DoubleSetting.bits(value));
  }

  public Settings with(BooleanSetting s, boolean value) {
    return with((Setting<?>) s, value ? 1 : 0);
  }

  /** Sets the setting named {@code name} from text; the error names the setting and what it accepts. */
  public Settings withText(String name, String text) {
    Setting<?> s = section.find(name);
    if (s == null) {
      throw new IllegalArgumentException(KeySet.unknownKey(section.name() + "." + name, "the scenario file's '"
          + section.name() + "' section", section.settings().stream().map(Setting::path).toList()));
    }
    return with(s, s.parse(text));
  }

  private Settings with(Setting<?> s, long raw) {
    Settings result = set(s, raw);
    section.checkRules(result);
    return result;
  }

  /** Sets any setting to a value as its declaration holds it, leaving the section's rules for later. */
  Settings set(Setting<?> s, long raw) {
    of(s);
    s.check(raw);
    long[] copy = values.clone();
    copy[s.index()] = raw;
    return new Settings(section, copy);
  }

  /** The settings that differ from their defaults, as the scenario file would write them. */
  public Map<String, String> changed() {
    Map<String, String> changed = new LinkedHashMap<>();
    long[] defaults = section.defaults().values;
    for (Setting<?> s : section.settings()) {
      if (values[s.index()] != defaults[s.index()]) {
        changed.put(s.name(), s.format(values[s.index()]));
      }
    }
    return changed;
  }

  /** Every setting's value, as the scenario file would write it. */
  public Map<String, String> all() {
    Map<String, String> all = new LinkedHashMap<>();
    for (Setting<?> s : section.settings()) {
      all.put(s.name(), s.format(values[s.index()]));
    }
    return all;
  }

  /** Any setting's value as its declaration holds it. */
  long raw(Setting<?> s) {
    return values[of(s)];
  }

  private int of(Setting<?> s) {
    if (s.section() != section) {
      throw new IllegalArgumentException(s.path() + " is not a setting of '" + section.name() + "'");
    }
    return s.index();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Settings other && other.section == section && Arrays.equals(other.values, values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return section.name() + all();
  }
}
