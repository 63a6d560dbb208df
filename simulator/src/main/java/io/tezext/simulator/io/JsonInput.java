package io.tezext.simulator.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Reads the simulator's JSON input files strictly: an unknown field (a typo), a value of the wrong
 * type, or a value a setter rejects is an {@link InputFileException} naming the file, the line and
 * column, and the path of the field (for example {@code dags[3].vertices[1].tasks[7].durationMs}).
 */
public final class JsonInput {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private JsonInput() {
  }

  public static <T> T read(Path file, Class<T> model) {
    try (InputStream in = Files.newInputStream(file)) {
      return read(file.toString(), in, model);
    } catch (NoSuchFileException e) {
      throw new InputFileException(file + ": no such file");
    } catch (IOException e) {
      throw new InputFileException(file + ": cannot read: " + e.getMessage());
    }
  }

  public static <T> T read(String name, InputStream in, Class<T> model) {
    try {
      return JSON.readValue(in, model);
    } catch (JsonProcessingException e) {
      throw new InputFileException(describe(name, e, ""));
    } catch (IOException e) {
      throw new InputFileException(name + ": cannot read: " + e.getMessage());
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
    if (e instanceof JsonMappingException) {
      Throwable cause = e.getCause();
      return where(name, e, pathPrefix) + ": "
          + (cause instanceof IllegalArgumentException ? cause.getMessage() : e.getOriginalMessage());
    }
    return where(name, e, pathPrefix) + ": not valid JSON: " + e.getOriginalMessage();
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
