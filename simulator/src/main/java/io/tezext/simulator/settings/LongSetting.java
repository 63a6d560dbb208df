package io.tezext.simulator.settings;

/** A whole number (usually milliseconds); read with {@link Settings#get(LongSetting)}. */
public final class LongSetting extends Setting {
  private final long defaultValue;
  private final long min;
  private final long max;

  LongSetting(SettingsSection section, int index, String name, long defaultValue, long min, long max, String doc) {
    super(section, index, name, doc);
    this.defaultValue = defaultValue;
    this.min = min;
    this.max = max;
  }

  @Override
  public String defaultText() {
    return Long.toString(defaultValue);
  }

  @Override
  public String accepts() {
    return max == Long.MAX_VALUE ? "an integer >= " + min : "an integer in [" + min + ", " + max + "]";
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
    return Long.toString((long) value);
  }
}
