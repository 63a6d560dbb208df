package io.tezext.simulator.settings;

import java.util.Locale;

/**
 * One setting of a scenario section ({@code tez} or {@code yarn}): its name in the scenario file,
 * its default, the range it accepts and what it means. The declaration is the only place a setting
 * is described: the scenario file reader, the validation messages, {@code tezext-sim settings} and
 * the docs' table all come from it.
 */
public abstract sealed class Setting permits LongSetting, IntSetting, DoubleSetting, BooleanSetting {
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

  abstract double defaultValue();

  /** Checks a value; the message names the setting, the value and what is accepted. */
  abstract void check(double value);

  /** A value as the scenario file would write it. */
  abstract String format(double value);

  /** Parses a value written as text ({@code 2000}, {@code 0.5}, {@code true}); the error says what is accepted. */
  double parse(String text) {
    String t = text.trim();
    if (this instanceof BooleanSetting) {
      if (t.equals("true") || t.equals("false")) {
        return t.equals("true") ? 1 : 0;
      }
      throw outOfRange(text);
    }
    try {
      double v = Double.parseDouble(t);
      check(v);
      return v;
    } catch (NumberFormatException e) {
      throw outOfRange("'" + text + "'");
    }
  }

  IllegalArgumentException outOfRange(String value) {
    return new IllegalArgumentException(path() + " must be " + accepts() + ", was " + value);
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
