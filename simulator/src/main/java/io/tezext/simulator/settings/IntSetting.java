package io.tezext.simulator.settings;

/** A whole number (a size, a count); read with {@link Settings#get(IntSetting)}. */
public final class IntSetting extends Setting {
  private final int defaultValue;
  private final int min;
  private final int max;

  IntSetting(SettingsSection section, int index, String name, int defaultValue, int min, int max, String doc) {
    super(section, index, name, doc);
    this.defaultValue = defaultValue;
    this.min = min;
    this.max = max;
  }

  @Override
  public String defaultText() {
    return Integer.toString(defaultValue);
  }

  @Override
  public String accepts() {
    return max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer in [" + min + ", " + max + "]";
  }

  @Override
  double defaultValue() {
    return defaultValue;
  }

  @Override
  void check(double value) {
    if (value != Math.rint(value) || value < min || value > max) {
      throw outOfRange(number(value));
    }
  }

  @Override
  String format(double value) {
    return Integer.toString((int) value);
  }
}
