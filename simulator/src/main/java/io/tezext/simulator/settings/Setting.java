package io.tezext.simulator.settings;

import io.tezext.settings.Key;
import io.tezext.settings.Scope;

/**
 * One setting of a scenario section ({@code tez} or {@code yarn}): a {@link Key} of the project's
 * one registry ({@link Scope#SIMULATOR}, named as the scenario file names it,
 * {@code tez.containerLaunchMs}) that says its default, what it accepts and what it means, and
 * parses and refuses values in the registry's one shape. The declaration is the only place a
 * setting is described: the scenario file reader, the validation messages, {@code tezext-sim
 * settings} and the docs' table all come from it. {@link Settings} holds each value as a
 * {@code long} (a run reads them often): a whole number as itself (exact to the last digit), a
 * number as its IEEE bits, a boolean as 1 or 0.
 *
 * @param <T> the value's type
 */
public abstract sealed class Setting<T> permits WholeSetting, DoubleSetting, BooleanSetting {
  private final SettingsSection section;
  private final int index;
  private final String name;
  private final Key<T> key;

  Setting(SettingsSection section, int index, String name, Key<T> key) {
    this.section = section;
    this.index = index;
    this.name = name;
    this.key = key;
  }

  /** The key a setting of {@code section} named {@code name} is, in the registry. */
  static String path(SettingsSection section, String name) {
    return section.name() + "." + name;
  }

  public String name() {
    return name;
  }

  /** As the scenario file names it: {@code tez.containerLaunchMs}. */
  public String path() {
    return key.name();
  }

  public Key<T> key() {
    return key;
  }

  public String doc() {
    return key.doc();
  }

  /** The default, as the scenario file would write it. */
  public String defaultText() {
    return key.defaultText();
  }

  /** The values accepted, in words: {@code a whole number, at least 0}. */
  public String accepts() {
    return key.accepts();
  }

  int index() {
    return index;
  }

  SettingsSection section() {
    return section;
  }

  /** A value as {@link Settings} holds it. */
  abstract long raw(T value);

  /** A value {@link Settings} holds, as its type. */
  abstract T value(long raw);

  /** The default, as {@link Settings} holds it. */
  long defaultRaw() {
    return raw(key.defaultValue());
  }

  /** Checks a value as {@link Settings} holds it, by the key's own rule; the error is the key's. */
  void check(long raw) {
    key.parse(format(raw));
  }

  /** A value as the scenario file would write it. */
  String format(long raw) {
    return key.text(value(raw));
  }

  /** Parses a value written as text ({@code 2000}, {@code 0.5}, {@code true}); the error is the key's. */
  long parse(String text) {
    return raw(key.parse(text));
  }

  /** The key's error for a value as the scenario file shows it (a JSON value of the wrong kind). */
  IllegalArgumentException refused(String shown) {
    return key.refused(shown);
  }
}
