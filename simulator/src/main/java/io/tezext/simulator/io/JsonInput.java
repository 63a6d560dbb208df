package io.tezext.simulator.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    } catch (UnrecognizedPropertyException e) {
      throw new InputFileException(where(name, e) + ": unknown field '" + e.getPropertyName()
          + "'; expected one of " + e.getKnownPropertyIds());
    } catch (JsonMappingException e) {
      Throwable cause = e.getCause();
      String why = cause instanceof IllegalArgumentException ? cause.getMessage() : e.getOriginalMessage();
      throw new InputFileException(where(name, e) + ": " + why);
    } catch (JsonProcessingException e) {
      throw new InputFileException(where(name, e) + ": not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new InputFileException(name + ": cannot read: " + e.getMessage());
    }
  }

  private static String where(String name, JsonProcessingException e) {
    StringBuilder s = new StringBuilder(name);
    JsonLocation loc = e.getLocation();
    if (loc != null && loc.getLineNr() > 0) {
      s.append(" line ").append(loc.getLineNr()).append(" column ").append(loc.getColumnNr());
    }
    if (e instanceof JsonMappingException) {
      String path = path((JsonMappingException) e);
      if (!path.isEmpty()) {
        s.append(" at ").append(path);
      }
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
