package io.tezext.simulator.workload.sls;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import io.tezext.simulator.io.BadRecordException;

/**
 * Typed access to the keys of one SLS JSON object, with errors naming the file, line, entry and key.
 * SLS writes numbers both as JSON numbers and as strings, so both are accepted.
 */
final class SlsFields {
  private final JsonNode node;
  private final String where;

  SlsFields(JsonNode node, String where) {
    if (!node.isObject()) {
      throw new BadRecordException(where + ": expected a JSON object, found " + node.getNodeType());
    }
    this.node = node;
    this.where = where;
  }

  String where() {
    return where;
  }

  JsonNode node() {
    return node;
  }

  boolean has(String key) {
    return node.hasNonNull(key);
  }

  String text(String key, String otherwise) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      return otherwise;
    }
    if (!v.isValueNode()) {
      throw bad(key, "a string", v.toString());
    }
    return v.asText();
  }

  long nonNegativeLong(String key) {
    long v = longValue(key);
    if (v < 0) {
      throw bad(key, "a number >= 0", Long.toString(v));
    }
    return v;
  }

  /** The key's value, or {@code otherwise} when it is absent; present values must be positive. */
  long positiveLong(String key, long otherwise) {
    if (!has(key)) {
      return otherwise;
    }
    long v = longValue(key);
    if (v <= 0) {
      throw bad(key, "a number > 0", Long.toString(v));
    }
    return v;
  }

  private long longValue(String key) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      throw new BadRecordException(where + ": missing " + key);
    }
    if (v.isIntegralNumber() && v.canConvertToLong()) {
      return v.asLong();
    }
    try {
      return Long.parseLong(v.asText().trim());
    } catch (NumberFormatException e) {
      throw bad(key, "an integer", v.toString());
    }
  }

  /** Keys of this object that {@code known} does not list, for the workload notes. */
  Set<String> unknownKeys(Set<String> known) {
    Set<String> unknown = new TreeSet<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
      String key = it.next();
      if (!known.contains(key)) {
        unknown.add(key);
      }
    }
    return unknown;
  }

  BadRecordException bad(String key, String expected, String found) {
    return new BadRecordException(where + " " + key + ": expected " + expected + ", found " + found);
  }
}
