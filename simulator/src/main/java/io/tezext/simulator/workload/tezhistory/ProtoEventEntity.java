package io.tezext.simulator.workload.tezhistory;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.tez.dag.history.logging.proto.HistoryLoggerProtos.HistoryEventProto;
import org.apache.tez.dag.history.logging.proto.HistoryLoggerProtos.KVPair;

import io.tezext.simulator.io.JsonNesting;

/**
 * One proto history event as the timeline entity simple history writes for it: the most specific
 * id the event carries is the entity, the event type and time its one event, and its key/value data
 * (written under the same ATS key names) its {@code otherinfo}, with JSON values such as the DAG plan
 * and counters parsed. Tez's own {@code HistoryEventProtoJsonConversion} is not used because it drops
 * data the replay needs (a vertex's {@code numTasks}).
 */
final class ProtoEventEntity {
  private static final ObjectMapper JSON = JsonNesting.newMapper();

  private ProtoEventEntity() {
  }

  static ObjectNode of(HistoryEventProto event) {
    ObjectNode entity = JSON.createObjectNode();
    String type = event.getEventType();
    ObjectNode info = entity.putObject("otherinfo");
    for (KVPair kv : event.getEventDataList()) {
      info.set(kv.getKey(), value(kv.getValue()));
    }
    if (type.endsWith("_FINISHED") && !info.has("endTime")) {
      info.put("endTime", event.getEventTime()); // simple history's name for the event's own time
    }
    if (event.hasTaskAttemptId()) {
      id(entity, event.getTaskAttemptId(), "TEZ_TASK_ATTEMPT_ID");
    } else if (event.hasTaskId()) {
      id(entity, event.getTaskId(), "TEZ_TASK_ID");
    } else if (event.hasVertexId()) {
      id(entity, event.getVertexId(), "TEZ_VERTEX_ID");
    } else if (event.hasDagId()) {
      id(entity, event.getDagId(), "TEZ_DAG_ID");
    } else if (type.equals("APP_LAUNCHED")) {
      id(entity, "tez_" + event.getAppId(), "TEZ_APPLICATION");
    } else if (type.startsWith("CONTAINER_")) {
      id(entity, "tez_" + info.path("containerId").asText(), "TEZ_CONTAINER_ID");
    } else {
      id(entity, "tez_" + event.getAppAttemptId(), "TEZ_APPLICATION_ATTEMPT");
    }
    ArrayNode events = entity.putArray("events");
    events.addObject().put("eventtype", type).put("ts", event.getEventTime());
    return entity;
  }

  private static void id(ObjectNode entity, String id, String type) {
    entity.put("entity", id).put("entitytype", type);
  }

  /** Numbers and JSON documents are typed; anything else stays text. */
  private static JsonNode value(String text) {
    String t = text.trim();
    if (t.startsWith("{") || t.startsWith("[")) {
      try {
        return JSON.readTree(t);
      } catch (JsonProcessingException e) {
        return JSON.getNodeFactory().textNode(text); // the reader names the field if it needs it
      }
    }
    try {
      return JSON.getNodeFactory().numberNode(Long.parseLong(t));
    } catch (NumberFormatException e) {
      return JSON.getNodeFactory().textNode(text);
    }
  }
}
