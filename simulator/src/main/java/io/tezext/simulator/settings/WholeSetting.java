package io.tezext.simulator.settings;

import java.math.BigDecimal;

/**
 * A whole number (a size, a count, milliseconds), held exactly: {@link IntSetting} and
 * {@link LongSetting} differ only in the type a caller reads it as.
 */
public abstract sealed class WholeSetting extends Setting permits IntSetting, LongSetting {
  private final long defaultValue;
  private final long min;
  private final long max;
  /** The type's largest value: a maximum of it means "no maximum" in what the setting accepts. */
  private final long typeMax;

  WholeSetting(SettingsSection section, int index, String name, long defaultValue, long min, long max, long typeMax,
      String doc) {
    super(section, index, name, doc);
    this.defaultValue = defaultValue;
    this.min = min;
    this.max = max;
    this.typeMax = typeMax;
  }

  @Override
  public String defaultText() {
    return Long.toString(defaultValue);
  }

  @Override
  public String accepts() {
    return max == typeMax ? "an integer >= " + min : "an integer in [" + min + ", " + max + "]";
  }

  @Override
  long defaultRaw() {
    return defaultValue;
  }

  @Override
  void check(long raw) {
    if (raw < min || raw > max) {
      throw outOfRange(Long.toString(raw));
    }
  }

  @Override
  String format(long raw) {
    return Long.toString(raw);
  }

  /** Any way of writing a whole number ({@code 2000}, {@code 2000.0}, {@code 2e3}), exactly. */
  @Override
  long parse(String text) {
    BigDecimal value;
    try {
      value = new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw outOfRange("'" + text + "'");
    }
    long raw;
    try {
      raw = value.longValueExact();
    } catch (ArithmeticException e) {
      throw outOfRange(value.stripTrailingZeros().toPlainString());
    }
    check(raw);
    return raw;
  }
}
