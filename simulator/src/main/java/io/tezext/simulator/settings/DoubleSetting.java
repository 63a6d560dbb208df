package io.tezext.simulator.settings;

/** A fraction or factor; read with {@link Settings#get(DoubleSetting)}. */
public final class DoubleSetting extends Setting {
  private final double defaultValue;
  private final double min;
  private final double max;
  private final boolean maxExcluded;

  DoubleSetting(SettingsSection section, int index, String name, double defaultValue, double min, double max,
      boolean maxExcluded, String doc) {
    super(section, index, name, doc);
    this.defaultValue = defaultValue;
    this.min = min;
    this.max = max;
    this.maxExcluded = maxExcluded;
  }

  @Override
  public String defaultText() {
    return number(defaultValue);
  }

  @Override
  public String accepts() {
    if (max == Double.MAX_VALUE) {
      return "a number >= " + number(min);
    }
    return "a number in [" + number(min) + ", " + number(max) + (maxExcluded ? ")" : "]");
  }

  @Override
  long defaultRaw() {
    return raw(defaultValue);
  }

  @Override
  void check(long raw) {
    double value = value(raw);
    if (Double.isNaN(value) || value < min || value > max || (maxExcluded && value == max)) {
      throw outOfRange(number(value));
    }
  }

  @Override
  String format(long raw) {
    return number(value(raw));
  }

  @Override
  long parse(String text) {
    long raw;
    try {
      raw = raw(Double.parseDouble(text.trim()));
    } catch (NumberFormatException e) {
      throw outOfRange("'" + text + "'");
    }
    check(raw);
    return raw;
  }

  /** A number as {@link Settings} holds it. */
  static long raw(double value) {
    return Double.doubleToLongBits(value);
  }

  static double value(long raw) {
    return Double.longBitsToDouble(raw);
  }
}
