package io.tezext.simulator.sweep;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * What a sweep writes: every grid point in one table ({@code points.csv}, {@code points.json}, and
 * {@code points.jsonl}, the executors' canonical lines), the recommendation
 * ({@code recommendation.json}, {@code recommendation.txt}) and its {@code tez-site.xml} lines.
 * Rows in table order (phase, setting, scenario, workload, seed), whatever order the runs ended in.
 */
public final class SweepFiles {
  public static final String POINTS_CSV = "points.csv";
  public static final String POINTS_JSON = "points.json";
  public static final String POINTS_LINES = "points.jsonl";
  public static final String RECOMMENDATION_JSON = "recommendation.json";
  public static final String RECOMMENDATION_TEXT = "recommendation.txt";
  public static final String TEZ_SITE = "tez-site.xml";
  public static final List<String> ALL = List.of(POINTS_CSV, POINTS_JSON, POINTS_LINES, RECOMMENDATION_JSON,
      RECOMMENDATION_TEXT, TEZ_SITE);

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

  private SweepFiles() {
  }

  /** Results in table order. */
  public static List<PointResult> sorted(List<PointResult> results) {
    List<PointResult> sorted = new ArrayList<>(results);
    sorted.sort((a, b) -> GridPoint.TABLE_ORDER.compare(a.point(), b.point()));
    return sorted;
  }

  public static void write(Grid grid, List<PointResult> results, Recommendation r, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<PointResult> rows = sorted(results);
    try (Writer out = Files.newBufferedWriter(dir.resolve(POINTS_LINES), StandardCharsets.UTF_8)) {
      for (PointResult p : rows) {
        out.write(p.line());
        out.write('\n');
      }
    }
    List<String> figureKeys = rows.isEmpty() ? List.of() : List.copyOf(rows.get(0).figures().keySet());
    List<String> header = new ArrayList<>(List.of("id", "phase", "setting", "scheduler", "settings", "scenario",
        "workload", "seed", "end", "tez_version"));
    header.addAll(figureKeys);
    try (CSVPrinter csv = CSVFormat.DEFAULT.builder().setHeader(header.toArray(new String[0])).setRecordSeparator('\n')
        .build().print(Files.newBufferedWriter(dir.resolve(POINTS_CSV), StandardCharsets.UTF_8))) {
      for (PointResult p : rows) {
        Setting s = grid.settings().get(p.point().setting());
        List<Object> row = new ArrayList<>(List.of(p.point().id(), p.point().phase().tableName(), s.id(),
            s.kind().cliName(), settings(s.conf()), grid.scenarioName(p.point().scenario()),
            grid.workloads().get(p.point().workload()).name(), p.point().seed(), p.end(), p.tezVersion()));
        figureKeys.forEach(k -> row.add(p.figures().get(k)));
        csv.printRecord(row);
      }
    }
    ObjectNode table = JSON.createObjectNode();
    table.put("grid", grid.name());
    table.put("objective", grid.objective().gridName());
    ArrayNode points = table.putArray("points");
    for (PointResult p : rows) {
      Setting s = grid.settings().get(p.point().setting());
      ObjectNode o = points.addObject();
      o.put("id", p.point().id());
      o.put("phase", p.point().phase().tableName());
      o.put("setting", s.id());
      o.put("scheduler", s.kind().cliName());
      ObjectNode conf = o.putObject("settings");
      s.conf().forEach(conf::put);
      o.put("scenario", grid.scenarioName(p.point().scenario()));
      o.put("workload", grid.workloads().get(p.point().workload()).name());
      o.put("seed", p.point().seed());
      o.put("end", p.end());
      o.put("tezVersion", p.tezVersion());
      ObjectNode figures = o.putObject("figures");
      p.figures().forEach((k, v) -> figures.put(k, new BigDecimal(v)));
    }
    JSON.writeValue(dir.resolve(POINTS_JSON).toFile(), table);
    JSON.writeValue(dir.resolve(RECOMMENDATION_JSON).toFile(), recommendationJson(grid, r));
    RecommendationText text = new RecommendationText(grid, r);
    List<String> lines = new ArrayList<>(text.ranking());
    lines.addAll(text.verdict());
    Files.write(dir.resolve(RECOMMENDATION_TEXT), lines, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(TEZ_SITE), text.tezSite(), StandardCharsets.UTF_8);
  }

  static ObjectNode recommendationJson(Grid grid, Recommendation r) {
    ObjectNode o = JSON.createObjectNode();
    o.put("grid", grid.name());
    o.put("objective", grid.objective().gridName());
    o.put("lower_is_better", grid.objective().lowerIsBetter());
    o.put("verdict", r.verdict().name().toLowerCase(java.util.Locale.ROOT));
    o.put("baseline", grid.baseline().id());
    o.put("best", grid.settings().get(r.best()).id());
    o.put("runner_up", r.runnerUp() < 0 ? null : grid.settings().get(r.runnerUp()).id());
    interval(o.putObject("best_minus_runner_up"), r.bestVsRunnerUp());
    interval(o.putObject("best_held_out"), r.confirmed());
    interval(o.putObject("runner_up_held_out"), r.confirmedRunnerUp());
    ArrayNode cs = o.putArray("constraints");
    grid.constraints().forEach(c -> cs.addObject().put("figure", c.figure().gridName())
        .put("max_worse_percent", c.maxWorsePercent()));
    ArrayNode settings = o.putArray("settings");
    for (Recommendation.Scored s : r.tuning()) {
      Setting setting = grid.settings().get(s.setting());
      ObjectNode n = settings.addObject();
      n.put("id", setting.id());
      n.put("scheduler", setting.kind().cliName());
      ObjectNode conf = n.putObject("settings");
      setting.conf().forEach(conf::put);
      interval(n.putObject("relative"), s.relative());
      ArrayNode rel = n.putArray("constraint_relative");
      s.constraints().forEach(v -> rel.add(round(v)));
      n.put("meets_constraints", s.meetsConstraints());
    }
    ArrayNode out = o.putArray("left_out");
    r.disqualified().forEach(out::add);
    ArrayNode notes = o.putArray("notes");
    r.notes().forEach(notes::add);
    o.put("tez_site", new RecommendationText(grid, r).tezSite());
    return o;
  }

  private static void interval(ObjectNode o, Interval i) {
    if (Double.isNaN(i.mean())) {
      o.putNull("mean");
      return;
    }
    o.put("mean", round(i.mean()));
    if (i.hasInterval()) {
      o.put("ci95_low", round(i.low()));
      o.put("ci95_high", round(i.high()));
    } else {
      o.putNull("ci95_low");
      o.putNull("ci95_high");
    }
    o.put("seeds", i.n());
  }

  private static BigDecimal round(double v) {
    return new BigDecimal(PointResult.canonical(v));
  }

  static String settings(Map<String, String> conf) {
    StringBuilder s = new StringBuilder();
    conf.forEach((k, v) -> s.append(s.length() == 0 ? "" : ";").append(k).append('=').append(v));
    return s.toString();
  }
}
