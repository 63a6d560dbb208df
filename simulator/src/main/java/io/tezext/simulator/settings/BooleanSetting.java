package io.tezext.simulator.settings;

/** On or off; read with {@link Settings#get(BooleanSetting)}. */
public final class BooleanSetting extends Setting {
  private final boolean defaultValue;

  BooleanSetting(SettingsSection section, int index, String name, boolean defaultValue, String doc) {
    super(section, index, name, doc);
    this.defaultValue = defaultValue;
  }

  @Override
  public String defaultText() {
    return Boolean.toString(defaultValue);
  }

  @Override
  public String accepts() {
    return "true or false";
  }

  @Override
  double defaultValue() {
    return defaultValue ? 1 : 0;
  }

  @Override
  void check(double value) {
    if (value != 0 && value != 1) {
      throw outOfRange(number(value));
    }
  }

  @Override
  String format(double value) {
    return Boolean.toString(value != 0);
  }
}
