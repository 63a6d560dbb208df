package io.tezext.simulator.sweep.tez;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.scheduler.SchedulerKind;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.GridWorkload;
import io.tezext.simulator.sweep.Setting;
import io.tezext.simulator.sweep.SweepInputs;
import io.tezext.simulator.workload.synthetic.DagShape;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;

/**
 * What the sweep's DAG is told, in its processors' payload: the inputs (files by the names Tez
 * localized them under), the phase's points, how many slices share them, and where the
 * aggregating task writes the results. Slice {@code i} of {@code n} runs the points from
 * {@code i * size / n} to {@code (i + 1) * size / n} of the points in input order, so that points
 * sharing their inputs run in one task.
 *
 * @param failSlice test only: the slice whose first attempt fails after its first point, or -1
 */
record SliceSpec(SweepInputs inputs, List<GridPoint> points, int slices, String results, int failSlice) {
  private static final ObjectMapper JSON = new ObjectMapper();

  SliceSpec {
    points = List.copyOf(points);
  }

  /** The points of slice {@code index}. */
  List<GridPoint> slice(int index) {
    List<GridPoint> ordered = new ArrayList<>(points);
    ordered.sort(GridPoint.BY_INPUTS);
    int from = (int) ((long) index * ordered.size() / slices);
    int to = (int) ((long) (index + 1) * ordered.size() / slices);
    return ordered.subList(from, to);
  }

  byte[] toBytes() {
    ObjectNode o = JSON.createObjectNode();
    ArrayNode scenarios = o.putArray("scenarios");
    inputs.scenarios().forEach(p -> scenarios.add(p.toString()));
    ArrayNode workloads = o.putArray("workloads");
    for (GridWorkload w : inputs.workloads()) {
      ObjectNode n = workloads.addObject();
      n.put("name", w.name());
      n.put("file", w.file() == null ? null : w.file().toString());
      n.put("format", w.format());
      n.put("calibrate", w.calibrate());
      n.put("skipBad", w.skipBad());
      n.put("strict", w.strict());
      if (w.synthetic() != null) {
        SyntheticOptions s = w.synthetic();
        ObjectNode g = n.putObject("synthetic");
        g.put("dags", s.dags()).put("meanInterArrivalMs", s.meanInterArrivalMs()).put("minRootTasks", s.minRootTasks())
            .put("maxRootTasks", s.maxRootTasks()).put("medianTaskMs", s.medianTaskMs())
            .put("durationSigma", s.durationSigma()).put("objectStoreFraction", s.objectStoreFraction())
            .put("sessions", s.sessions());
        ObjectNode shapes = g.putObject("shapeWeights");
        new EnumMap<>(s.shapeWeights()).forEach((k, v) -> shapes.put(k.name(), v));
        ArrayNode queues = g.putArray("queues");
        s.queues().forEach(queues::add);
      }
    }
    ArrayNode settings = o.putArray("settings");
    for (Setting s : inputs.settings()) {
      ObjectNode n = settings.addObject();
      n.put("index", s.index());
      n.put("kind", s.kind().name());
      ObjectNode conf = n.putObject("conf");
      s.conf().forEach(conf::put);
      ArrayNode swept = n.putArray("swept");
      s.swept().forEach(swept::add);
    }
    ArrayNode ps = o.putArray("points");
    for (GridPoint p : points) {
      ps.addObject().put("phase", p.phase().name()).put("setting", p.setting()).put("scenario", p.scenario())
          .put("workload", p.workload()).put("seed", p.seed());
    }
    o.put("slices", slices);
    o.put("results", results);
    o.put("failSlice", failSlice);
    try {
      return JSON.writeValueAsBytes(o);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write the sweep's slice spec", e);
    }
  }

  static SliceSpec fromBytes(byte[] bytes) throws IOException {
    JsonNode o = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
    List<Path> scenarios = new ArrayList<>();
    o.get("scenarios").forEach(n -> scenarios.add(Path.of(n.asText())));
    List<GridWorkload> workloads = new ArrayList<>();
    for (JsonNode n : o.get("workloads")) {
      SyntheticOptions synthetic = null;
      JsonNode g = n.get("synthetic");
      if (g != null) {
        Map<DagShape, Double> shapes = new EnumMap<>(DagShape.class);
        for (Iterator<Map.Entry<String, JsonNode>> it = g.get("shapeWeights").fields(); it.hasNext();) {
          Map.Entry<String, JsonNode> e = it.next();
          shapes.put(DagShape.valueOf(e.getKey()), e.getValue().asDouble());
        }
        List<String> queues = new ArrayList<>();
        g.get("queues").forEach(q -> queues.add(q.asText()));
        synthetic = new SyntheticOptions(g.get("dags").asInt(), g.get("meanInterArrivalMs").asLong(), shapes,
            g.get("minRootTasks").asInt(), g.get("maxRootTasks").asInt(), g.get("medianTaskMs").asLong(),
            g.get("durationSigma").asDouble(), g.get("objectStoreFraction").asDouble(), g.get("sessions").asInt(),
            queues);
      }
      JsonNode file = n.get("file");
      workloads.add(new GridWorkload(n.get("name").asText(), file.isNull() ? null : Path.of(file.asText()),
          n.get("format").asText(), n.get("calibrate").asBoolean(), n.get("skipBad").asBoolean(),
          n.get("strict").asBoolean(), synthetic));
    }
    List<Setting> settings = new ArrayList<>();
    for (JsonNode n : o.get("settings")) {
      Map<String, String> conf = new LinkedHashMap<>();
      n.get("conf").fields().forEachRemaining(e -> conf.put(e.getKey(), e.getValue().asText()));
      List<String> swept = new ArrayList<>();
      n.get("swept").forEach(k -> swept.add(k.asText()));
      settings.add(new Setting(n.get("index").asInt(), SchedulerKind.valueOf(n.get("kind").asText()), conf, swept));
    }
    List<GridPoint> points = new ArrayList<>();
    for (JsonNode n : o.get("points")) {
      points.add(new GridPoint(GridPoint.Phase.valueOf(n.get("phase").asText()), n.get("setting").asInt(),
          n.get("scenario").asInt(), n.get("workload").asInt(), n.get("seed").asLong()));
    }
    return new SliceSpec(new SweepInputs(scenarios, workloads, settings), points, o.get("slices").asInt(),
        o.get("results").asText(), o.get("failSlice").asInt());
  }
}
