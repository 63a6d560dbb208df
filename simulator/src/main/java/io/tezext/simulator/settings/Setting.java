package io.tezext.simulator.settings;

import java.util.Locale;

/**
 * One setting of a scenario section ({@code tez} or {@code yarn}): its name in the scenario file,
 * its default, the range it accepts and what it means. The declaration is the only place a setting
 * is described: the scenario file reader, the validation messages, {@code tezext-sim settings} and
 * the docs' table all come from it. {@link Settings} holds each value as a {@code long}: a whole
 * number as itself (exact to the last digit), a number as its IEEE bits, a boolean as 1 or 0.
 */
public abstract sealed class Setting permits WholeSetting, DoubleSetting, BooleanSetting {
  private final SettingsSection section;
  private final int index;
  private final String name;
  private final String doc;

  Setting(SettingsSection section, int index, String name, String doc) {
    this.section = section;
    this.index = index;
    this.name = name;
    this.doc = doc;
  }

  public String name() {
    return name;
  }

  /** As the scenario file names it: {@code tez.containerLaunchMs}. */
  public String path() {
    return section.name() + "." + name;
  }

  public String doc() {
    return doc;
  }

  int index() {
    return index;
  }

  SettingsSection section() {
    return section;
  }

  /** The default, as the scenario file would write it. */
  public abstract String defaultText();

  /** The values accepted, in words: {@code an integer >= 0}. */
  public abstract String accepts();

  /** The default, as {@link Settings} holds it. */
  abstract long defaultRaw();

  /** Checks a value as {@link Settings} holds it; the message names the setting, the value and what is accepted. */
  abstract void check(long raw);

  /** A value as the scenario file would write it. */
  abstract String format(long raw);

  /** Parses a value written as text ({@code 2000}, {@code 0.5}, {@code true}); the error says what is accepted. */
  abstract long parse(String text);

  IllegalArgumentException outOfRange(String value) {
    return new IllegalArgumentException(path() + " must be " + accepts() + ", was " + value);
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
