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
  long defaultRaw() {
    return defaultValue ? 1 : 0;
  }

  @Override
  void check(long raw) {
    if (raw != 0 && raw != 1) {
      throw outOfRange(Long.toString(raw));
    }
  }

  @Override
  String format(long raw) {
    return Boolean.toString(raw != 0);
  }

  @Override
  long parse(String text) {
    String t = text.trim();
    if (t.equals("true") || t.equals("false")) {
      return t.equals("true") ? 1 : 0;
    }
    throw outOfRange(text);
  }
}
