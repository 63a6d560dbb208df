package io.tezext.simulator.workload.tezhistory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Turns simple history into what ATSImportTool downloads, the way the timeline server stores it:
 * the records of one entity merged into one (events newest first, with {@code timestamp}; other
 * info merged; related entities as {@code {type: [ids]}}), an attempt's node and container in its
 * other info, the queue as a primary filter, and one zip per DAG with the DAG entry and part files.
 */
public final class AtsZipFixture {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AtsZipFixture() {
  }

  public static Path write(Path simpleHistory, Path dir) throws IOException {
    Map<String, ObjectNode> merged = new LinkedHashMap<>();
    for (String line : Files.readAllLines(simpleHistory, StandardCharsets.UTF_8)) {
      String record = line.replace("\u0001", "").trim();
      if (!record.isEmpty()) {
        merge(merged, (ObjectNode) JSON.readTree(record));
      }
    }
    ObjectNode application = null;
    for (ObjectNode e : merged.values()) {
      if (e.get("entitytype").asText().equals("TEZ_APPLICATION")) {
        application = e;
      }
    }
    Files.createDirectories(dir);
    for (ObjectNode dag : merged.values()) {
      if (!dag.get("entitytype").asText().equals("TEZ_DAG_ID")) {
        continue;
      }
      String dagId = dag.get("entity").asText();
      String suffix = dagId.substring("dag_".length()) + "_";
      try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(dir.resolve(dagId + ".zip")))) {
        ObjectNode root = JSON.createObjectNode();
        root.set("application", application);
        root.set("dag", dag);
        put(zip, dagId, root);
        int part = 0;
        for (String[] kind : List.of(new String[] {"vertices", "TEZ_VERTEX_ID", "vertex_"},
            new String[] {"tasks", "TEZ_TASK_ID", "task_"}, new String[] {"task_attempts", "TEZ_TASK_ATTEMPT_ID", "attempt_"})) {
          ArrayNode entities = JSON.createArrayNode();
          for (ObjectNode e : merged.values()) {
            if (e.get("entitytype").asText().equals(kind[1]) && e.get("entity").asText().startsWith(kind[2] + suffix)) {
              entities.add(e);
            }
          }
          ObjectNode partRoot = JSON.createObjectNode();
          partRoot.set(kind[0], entities);
          put(zip, "part-" + part++ + ".json", partRoot);
        }
      }
    }
    return dir;
  }

  private static void merge(Map<String, ObjectNode> merged, ObjectNode record) {
    String type = record.get("entitytype").asText();
    ObjectNode e = merged.computeIfAbsent(type + "/" + record.get("entity").asText(), k -> {
      ObjectNode n = JSON.createObjectNode();
      n.put("entity", record.get("entity").asText());
      n.put("entitytype", type);
      n.putArray("events");
      n.putObject("relatedentities");
      n.putObject("primaryfilters");
      n.putObject("otherinfo");
      return n;
    });
    ObjectNode info = (ObjectNode) e.get("otherinfo");
    if (record.has("otherinfo")) {
      record.get("otherinfo").fields().forEachRemaining(f -> {
        if (f.getKey().equals("queueName")) {
          ((ObjectNode) e.get("primaryfilters")).putArray("queueName").add(f.getValue().asText());
        } else {
          info.set(f.getKey(), f.getValue());
        }
      });
    }
    for (JsonNode r : record.path("relatedEntities")) {
      String relatedType = r.get("entitytype").asText();
      if (type.equals("TEZ_TASK_ATTEMPT_ID") && (relatedType.equals("nodeId") || relatedType.equals("containerId"))) {
        info.put(relatedType, r.get("entity").asText());
      } else {
        ((ObjectNode) e.get("relatedentities")).withArray(relatedType).add(r.get("entity").asText());
      }
    }
    List<JsonNode> events = new ArrayList<>();
    e.get("events").forEach(events::add);
    for (JsonNode ev : record.path("events")) {
      ObjectNode converted = JSON.createObjectNode();
      converted.put("timestamp", ev.get("ts").asLong());
      converted.put("eventtype", ev.get("eventtype").asText());
      converted.putObject("eventinfo");
      events.add(converted);
    }
    events.sort((a, b) -> Long.compare(b.get("timestamp").asLong(), a.get("timestamp").asLong()));
    ArrayNode sorted = e.putArray("events");
    events.forEach(sorted::add);
  }

  private static void put(ZipOutputStream zip, String name, JsonNode content) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    OutputStream out = zip;
    out.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(content));
    zip.closeEntry();
  }
}
