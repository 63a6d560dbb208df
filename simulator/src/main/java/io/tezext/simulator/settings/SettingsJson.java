package io.tezext.simulator.settings;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads a section of the scenario file into {@link Settings}, field by field from the parser, so
 * that an unknown name, a value of the wrong kind or out of range is an error at its line and
 * column naming the setting and what it accepts.
 */
public final class SettingsJson {
  /** A field of the section that is not a setting (the {@code tez} section's {@code conf}). */
  @FunctionalInterface
  public interface OtherField {
    /** Reads the field's value if it is one; false if it is unknown. */
    boolean read(String name, JsonParser parser, DeserializationContext context) throws IOException;
  }

  private SettingsJson() {
  }

  public static Settings read(SettingsSection section, JsonParser p, DeserializationContext context,
      OtherField other, List<String> otherNames) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw JsonMappingException.from(p, "'" + section.name() + "' must be an object of settings");
    }
    Settings values = section.defaults();
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      JsonToken token = p.nextToken();
      Setting<?> s = section.find(name);
      if (s == null) {
        if (other.read(name, p, context)) {
          continue;
        }
        List<Object> known = new ArrayList<>();
        section.settings().forEach(k -> known.add(k.name()));
        known.addAll(otherNames);
        throw UnrecognizedPropertyException.from(p, Settings.class, name, known);
      }
      try {
        values = values.set(s, value(s, p, token));
      } catch (IllegalArgumentException e) {
        throw JsonMappingException.from(p, e.getMessage(), e);
      }
    }
    try {
      section.checkRules(values);
    } catch (IllegalArgumentException e) {
      throw JsonMappingException.from(p, e.getMessage(), e);
    }
    return values;
  }

  /** Writes every setting of {@code values} into {@code section}, as the reader reads them. */
  public static void write(Settings values, ObjectNode section) {
    for (Setting<?> s : values.section().settings()) {
      long raw = values.raw(s);
      if (s instanceof BooleanSetting) {
        section.put(s.name(), raw != 0);
      } else if (s instanceof DoubleSetting) {
        section.put(s.name(), DoubleSetting.fromBits(raw));
      } else {
        section.put(s.name(), raw);
      }
    }
  }

  /** The field's value as the setting's declaration holds it. */
  private static long value(Setting<?> s, JsonParser p, JsonToken token) throws IOException {
    if (s instanceof BooleanSetting) {
      if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
        throw s.refused(p.getText());
      }
      return token == JsonToken.VALUE_TRUE ? 1 : 0;
    }
    if (token == JsonToken.VALUE_NUMBER_INT) {
      if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
        throw s.refused(p.getText());
      }
      return s instanceof DoubleSetting ? DoubleSetting.bits(p.getLongValue()) : p.getLongValue();
    }
    if (token == JsonToken.VALUE_NUMBER_FLOAT) { // 2000.0 and 2e3 are whole; 2.5 is refused by the key
      return s instanceof DoubleSetting ? DoubleSetting.bits(p.getDoubleValue()) : s.parse(p.getText());
    }
    throw s.refused(token == JsonToken.VALUE_STRING ? "\"" + p.getText() + "\"" : p.getText());
  }
}
