package io.tezext.simulator.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Reads the simulator's JSON input files strictly: an unknown field (a typo), a value of the wrong
 * type, or a value a setter rejects is an {@link InputFileException} naming the file, the line and
 * column, and the path of the field (for example {@code dags[3].vertices[1].tasks[7].durationMs}).
 * Nothing is changed on the way in: a field given twice, a fraction where a whole number belongs
 * ({@code "memoryMb": 1024.5} would be cut to 1024), a number written as a string
 * ({@code "memoryMb": "4096"}), a {@code null} (a field left out takes its default; one set to null
 * has none) and nesting past {@link JsonNesting#MAX_DEPTH} levels are errors too.
 */
public final class JsonInput {
  private static final ObjectMapper JSON = JsonNesting.newMapper()
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .setDefaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL, Nulls.FAIL));

  /** How Jackson starts telling of a fraction where a whole number belongs; the value follows in parentheses. */
  private static final String FLOAT_TO_INT = "Cannot coerce Floating-point value (";
  /** How Jackson tells of a string it cannot take as the field's type (a number, an enum). */
  private static final java.util.regex.Pattern FROM_STRING = java.util.regex.Pattern.compile(
      "Cannot deserialize value of type `([^`]+)` from String \"(.*)\": (.*)", java.util.regex.Pattern.DOTALL);
  private static final String ENUM_VALUES = "not one of the values accepted for Enum class: ";
  /** How Jackson tells of a number written as a string, which the simulator does not take as the number. */
  private static final java.util.regex.Pattern QUOTED_SCALAR = java.util.regex.Pattern.compile(
      "Cannot coerce String value \\(\"(.*)\"\\) to `([^`]+)` value.*", java.util.regex.Pattern.DOTALL);
  /** How Jackson tells of an array or object where a single value belongs. */
  private static final java.util.regex.Pattern WRONG_SHAPE = java.util.regex.Pattern.compile(
      "Cannot deserialize (?:value|instance) of type `([^`]+)` (?:from|out of) (Array|Object|START_ARRAY|START_OBJECT)"
          + ".*", java.util.regex.Pattern.DOTALL);

  private JsonInput() {
  }

  public static <T> T read(Path file, Class<T> model) {
    FileAccess.requireFileOrDirectory(file);
    if (Files.isDirectory(file)) {
      throw new InputFileException(file + ": a directory, not a JSON file");
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(file.toString(), in, model);
    } catch (NoSuchFileException e) {
      throw new InputFileException(file + ": no such file");
    } catch (IOException e) {
      throw new InputFileException(file + ": cannot read: " + FileAccess.why(e));
    }
  }

  public static <T> T read(String name, InputStream in, Class<T> model) {
    try {
      return JSON.readValue(in, model);
    } catch (JsonProcessingException e) {
      throw new InputFileException(describe(name, e, ""));
    } catch (IOException e) {
      throw new InputFileException(name + ": cannot read: " + FileAccess.why(e));
    }
  }

  /** A parser over {@code file} for readers that go element by element (to skip bad ones). */
  public static JsonParser parser(Path file) throws IOException {
    return JSON.createParser(Files.newInputStream(file));
  }

  /** Reads the value the parser is at as {@code model}, with the same strictness as {@link #read}. */
  public static <T> T readValue(JsonParser parser, Class<T> model) throws IOException {
    // A value inside a document: what follows it is the caller's to read.
    return JSON.readerFor(model).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValue(parser);
  }

  /**
   * The message for a JSON error: file, line, column, the field's path (under {@code pathPrefix},
   * the path of the value being read), and what was wrong.
   */
  public static String describe(String name, JsonProcessingException e, String pathPrefix) {
    if (e instanceof UnrecognizedPropertyException u) {
      return where(name, e, pathPrefix) + ": unknown field '" + u.getPropertyName() + "'; expected one of "
          + u.getKnownPropertyIds();
    }
    if (e instanceof MismatchedInputException m && m.getPath().isEmpty() && e.getProcessor() instanceof JsonParser p
        && p.currentToken() != null && p.currentToken() != JsonToken.START_OBJECT) {
      return where(name, e, pathPrefix) + ": expected a JSON object ({...}), found " + kind(p.currentToken());
    }
    if (e instanceof InvalidNullException) {
      return where(name, e, pathPrefix) + ": expected a value, found null (leave the field out for its default)";
    }
    String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (e instanceof MismatchedInputException && original.startsWith(FLOAT_TO_INT)) {
      String value = original.substring(FLOAT_TO_INT.length(), Math.max(FLOAT_TO_INT.length(), original.indexOf(')')));
      return where(name, e, pathPrefix) + ": expected a whole number, found " + value;
    }
    if (e instanceof MismatchedInputException && original.startsWith("No content to map due to end-of-input")) {
      return name + ": empty; expected a JSON object ({...})";
    }
    java.util.regex.Matcher quoted = QUOTED_SCALAR.matcher(original);
    if (e instanceof MismatchedInputException && quoted.matches()) {
      String value = quoted.group(1);
      boolean bool = quoted.group(2).toLowerCase(java.util.Locale.ROOT).startsWith("bool");
      boolean unquotable = bool ? value.equals("true") || value.equals("false") : value.matches("-?[0-9.eE+-]+");
      return where(name, e, pathPrefix) + ": expected " + expected(quoted.group(2)) + ", found " + (unquotable
          ? "the string \"" + value + "\" (write " + (bool ? "true or false" : "numbers") + " without quotes)"
          : "\"" + value + "\"");
    }
    java.util.regex.Matcher shape = WRONG_SHAPE.matcher(original);
    if (e instanceof MismatchedInputException && shape.matches()) {
      return where(name, e, pathPrefix) + ": expected " + expected(shape.group(1)) + ", found "
          + (shape.group(2).contains("Array") || shape.group(2).contains("ARRAY") ? "an array" : "an object");
    }
    java.util.regex.Matcher fromString = FROM_STRING.matcher(original);
    if (e instanceof MismatchedInputException && fromString.matches()) {
      String type = fromString.group(1);
      String why = fromString.group(3);
      String expected = why.startsWith(ENUM_VALUES) ? "one of " + why.substring(ENUM_VALUES.length())
          : type.equals("int") || type.equals("long") ? "a whole number" : type.contains(".") ? "a valid value" : "a " + type;
      return where(name, e, pathPrefix) + ": expected " + expected + ", found \"" + fromString.group(2) + "\"";
    }
    if (e instanceof JsonMappingException) {
      Throwable cause = e.getCause();
      return where(name, e, pathPrefix) + ": "
          + (cause instanceof IllegalArgumentException ? cause.getMessage() : e.getOriginalMessage());
    }
    return where(name, e, pathPrefix) + ": " + syntaxError(e.getOriginalMessage());
  }

  /**
   * What a JSON syntax error says, in the user's terms: a field given twice, or the parser's own
   * words without the names of the simulator's internals ({@code [Source: ...]}).
   */
  public static String syntaxError(String original) {
    String message = original == null ? "" : original;
    if (message.startsWith(JsonNesting.TOO_DEEP)) {
      return JsonNesting.TOO_DEEP + ", deeper than any input the simulator reads";
    }
    if (message.startsWith("Duplicate field ")) {
      return "the field " + message.substring("Duplicate field ".length()) + " is given twice in one object; give it once";
    }
    return "not valid JSON: " + message.replaceAll("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]",
        "line $1 column $2");
  }


  /** What a value of a Java type is written as in the file. */
  private static String expected(String javaType) {
    String t = javaType.substring(javaType.lastIndexOf('.') + 1).toLowerCase(java.util.Locale.ROOT);
    return switch (t) {
      case "int", "integer", "long", "short" -> "a whole number";
      case "double", "float", "bigdecimal" -> "a number";
      case "boolean" -> "true or false";
      case "string" -> "a string";
      default -> t.endsWith("[]") || t.startsWith("list") ? "an array" : "a single value";
    };
  }

  private static String kind(JsonToken token) {
    return switch (token) {
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "true or false";
      case VALUE_NULL -> "null";
      default -> token.asString() == null ? token.name() : "'" + token.asString() + "'";
    };
  }

  private static String where(String name, JsonProcessingException e, String pathPrefix) {
    StringBuilder s = new StringBuilder(name);
    JsonLocation loc = e.getLocation();
    if (loc != null && loc.getLineNr() > 0) {
      s.append(" line ").append(loc.getLineNr()).append(" column ").append(loc.getColumnNr());
    }
    String path = e instanceof JsonMappingException m ? path(m) : "";
    path = pathPrefix.isEmpty() ? path : path.isEmpty() ? pathPrefix
        : pathPrefix + (path.startsWith("[") ? "" : ".") + path;
    if (!path.isEmpty()) {
      s.append(" at ").append(path);
    }
    return s.toString();
  }

  private static String path(JsonMappingException e) {
    StringBuilder s = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        s.append(s.length() == 0 ? "" : ".").append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        s.append('[').append(r.getIndex()).append(']');
      }
    }
    return s.toString();
  }
}
