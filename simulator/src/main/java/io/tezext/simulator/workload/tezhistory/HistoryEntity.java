package io.tezext.simulator.workload.tezhistory;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.tezext.simulator.io.BadRecordException;

/**
 * One timeline entity as Tez's history logging writes it, read through either key spelling Tez
 * releases use ({@code entitytype} / {@code entityType}, {@code otherinfo} / {@code otherInfo}, ...).
 * A missing field is a {@link BadRecordException} naming it.
 */
final class HistoryEntity {
  private final JsonNode node;
  private final String where;

  HistoryEntity(JsonNode node, String where) {
    this.node = node;
    this.where = where;
  }

  String where() {
    return where;
  }

  String id() {
    return text(node, "entity");
  }

  String type() {
    return text(node, "entitytype", "entityType");
  }

  /** The event types this record carries, in order. */
  List<String> events() {
    List<String> types = new ArrayList<>();
    JsonNode events = field(node, "events");
    if (events != null) {
      for (JsonNode e : events) {
        types.add(text(e, "eventtype", "eventType"));
      }
    }
    return types;
  }

  /**
   * When the event of the given type happened. A simple-history record carries one event; an
   * entity from the timeline server carries all of its events, newest first.
   */
  long eventTime(String type) {
    JsonNode events = field(node, "events");
    if (events != null) {
      for (JsonNode e : events) {
        if (type.equals(text(e, "eventtype", "eventType"))) {
          return number(e, "events[" + type + "].ts", "ts", "timestamp");
        }
      }
    }
    throw bad("events[" + type + "]");
  }

  JsonNode otherInfo() {
    JsonNode info = field(node, "otherinfo", "otherInfo");
    if (info == null) {
      throw bad("otherinfo");
    }
    return info;
  }

  long info(String name) {
    return number(otherInfo(), "otherinfo." + name, name);
  }

  String infoText(String name) {
    return text(otherInfo(), name);
  }

  /**
   * The id of the related entity of the given type (a node, a container), or null. Simple history
   * lists them as {@code [{entity, entitytype}]}, the timeline server as {@code {type: [ids]}}.
   */
  String related(String entityType) {
    JsonNode related = field(node, "relatedEntities", "relatedentities");
    if (related == null) {
      return null;
    }
    if (related.isObject()) {
      JsonNode ids = related.get(entityType);
      return ids != null && ids.isArray() && !ids.isEmpty() ? ids.get(0).asText() : null;
    }
    for (JsonNode r : related) {
      if (entityType.equals(text(r, "entitytype", "entityType"))) {
        return text(r, "entity");
      }
    }
    return null;
  }

  /**
   * A related entity's id: simple history relates a node or container to the record; the timeline
   * server's records put them in {@code otherinfo} instead.
   */
  String relatedOrInfo(String entityType) {
    String related = related(entityType);
    if (related != null) {
      return related;
    }
    JsonNode info = field(node, "otherinfo", "otherInfo");
    JsonNode v = info == null ? null : field(info, entityType);
    return v == null ? null : v.asText();
  }

  /** The first value of a timeline-server primary filter, or null. */
  String primaryFilter(String name) {
    JsonNode filters = field(node, "primaryfilters", "primaryFilters");
    JsonNode values = filters == null ? null : filters.get(name);
    return values != null && values.isArray() && !values.isEmpty() ? values.get(0).asText() : null;
  }

  BadRecordException bad(String fieldPath) {
    return new BadRecordException(where + " (" + safeId() + "): missing or invalid field '" + fieldPath + "'");
  }

  private String safeId() {
    JsonNode id = node.get("entity");
    return id == null ? "no entity id" : id.asText();
  }

  /** A time, count or size: none of what history records is below zero. */
  private long number(JsonNode parent, String path, String... names) {
    JsonNode v = field(parent, names);
    if (v == null || !v.canConvertToLong()) {
      throw bad(path);
    }
    if (v.asLong() < 0) {
      throw new BadRecordException(where + " (" + safeId() + "): field '" + path + "' is " + v.asLong()
          + "; expected a value >= 0 (times are milliseconds since 1970)");
    }
    return v.asLong();
  }

  /** An optional number of {@code otherinfo}; {@code absent} if the record has none. */
  long infoOr(String name, long absent) {
    return field(otherInfo(), name) == null ? absent : info(name);
  }

  private String text(JsonNode parent, String... names) {
    JsonNode v = field(parent, names);
    if (v == null || !v.isTextual()) {
      throw bad(names[0]);
    }
    return v.asText();
  }

  static JsonNode field(JsonNode parent, String... names) {
    for (String n : names) {
      JsonNode v = parent.get(n);
      if (v != null && !v.isNull()) {
        return v;
      }
    }
    return null;
  }
}
