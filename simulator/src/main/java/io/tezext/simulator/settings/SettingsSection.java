package io.tezext.simulator.settings;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * The settings of one scenario-file section, in declaration order: declaring one is a single call
 * here, with its name, default, range and meaning; everything else reads the declaration.
 */
public final class SettingsSection {
  private final String name;
  private final List<Setting<?>> settings = new ArrayList<>();
  private final List<Consumer<Settings>> rules = new ArrayList<>();

  public SettingsSection(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public List<Setting<?>> settings() {
    return Collections.unmodifiableList(settings);
  }

  /** The setting named {@code name}, or null. */
  public Setting<?> find(String name) {
    for (Setting<?> s : settings) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    return null;
  }

  public LongSetting longSetting(String name, long defaultValue, long min, String doc) {
    return add(new LongSetting(this, settings.size(), name, defaultValue, min, Long.MAX_VALUE, doc));
  }

  public IntSetting intSetting(String name, int defaultValue, int min, String doc) {
    return add(new IntSetting(this, settings.size(), name, defaultValue, min, Integer.MAX_VALUE, doc));
  }

  public DoubleSetting doubleSetting(String name, double defaultValue, double min, double max, String doc) {
    return add(new DoubleSetting(this, settings.size(), name, defaultValue, min, max, false, doc));
  }

  /** A number in [min, max). */
  public DoubleSetting doubleBelow(String name, double defaultValue, double min, double maxExcluded, String doc) {
    return add(new DoubleSetting(this, settings.size(), name, defaultValue, min, maxExcluded, true, doc));
  }

  public BooleanSetting booleanSetting(String name, boolean defaultValue, String doc) {
    return add(new BooleanSetting(this, settings.size(), name, defaultValue, doc));
  }

  /** A check across settings, run whenever values are set; it throws IllegalArgumentException. */
  public void rule(Consumer<Settings> rule) {
    rules.add(rule);
  }

  /** Every setting at its default. */
  public Settings defaults() {
    long[] values = new long[settings.size()];
    for (Setting<?> s : settings) {
      values[s.index()] = s.defaultRaw();
    }
    return new Settings(this, values);
  }

  void checkRules(Settings values) {
    rules.forEach(r -> r.accept(values));
  }

  private <S extends Setting<?>> S add(S setting) {
    if (find(setting.name()) != null) {
      throw new IllegalStateException(name + "." + setting.name() + " is declared twice");
    }
    settings.add(setting);
    return setting;
  }
}
