package io.tezext.simulator.sweep;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What one grid point's run gave: how it ended, the Tez version whose scheduler classes ran, and
 * every reproducible figure (none measured on the host). Its {@link #line()} is the canonical form
 * both executors produce and compare: one JSON object per line, fields in a fixed order, figures
 * written exactly and independently of the JDK's number formatting (12 significant digits), so the
 * same point gives the same bytes on any machine.
 *
 * @param point the grid point
 * @param end how the run ended: {@code COMPLETED}, {@code HUNG} or {@code TIMED_OUT}
 * @param tezVersion the version of the Tez scheduler classes the run loaded
 * @param figures figure key to its canonical text, in {@code RunFigures} order
 */
public record PointResult(GridPoint point, String end, String tezVersion, Map<String, String> figures) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final MathContext DIGITS = new MathContext(12, RoundingMode.HALF_EVEN);

  public PointResult {
    figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
  }

  /** A figure's value. */
  public double figure(String key) {
    String text = figures.get(key);
    if (text == null) {
      throw new IllegalArgumentException("grid point " + point.id() + " has no figure " + key);
    }
    return Double.parseDouble(text);
  }

  /** Whether the run completed with every DAG succeeded: only such runs count for a setting. */
  public boolean usable() {
    return end.equals("COMPLETED") && figure("dags_failed") == 0;
  }

  /** A figure as the canonical text: exact to 12 significant digits, no exponent. */
  public static String canonical(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("a figure is " + value);
    }
    if (value == 0) {
      return "0";
    }
    return new BigDecimal(value).round(DIGITS).stripTrailingZeros().toPlainString();
  }

  /** The canonical line (no newline). */
  public String line() {
    StringBuilder s = new StringBuilder(256);
    s.append("{\"id\":").append(quote(point.id()))
        .append(",\"phase\":").append(quote(point.phase().tableName()))
        .append(",\"setting\":").append(point.setting())
        .append(",\"scenario\":").append(point.scenario())
        .append(",\"workload\":").append(point.workload())
        .append(",\"seed\":").append(point.seed())
        .append(",\"end\":").append(quote(end))
        .append(",\"tezVersion\":").append(quote(tezVersion))
        .append(",\"figures\":{");
    boolean first = true;
    for (Map.Entry<String, String> f : figures.entrySet()) {
      s.append(first ? "" : ",").append(quote(f.getKey())).append(':').append(f.getValue());
      first = false;
    }
    return s.append("}}").toString();
  }

  /** Parses a canonical line; anything else is an error naming what is wrong. */
  public static PointResult parse(String line) {
    JsonNode n;
    try {
      n = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a grid point result: " + e.getOriginalMessage());
    }
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException("not a grid point result: " + line);
    }
    GridPoint p = new GridPoint(GridPoint.Phase.valueOf(text(n, "phase").toUpperCase(java.util.Locale.ROOT)),
        n.path("setting").asInt(), n.path("scenario").asInt(), n.path("workload").asInt(), n.path("seed").asLong());
    if (!p.id().equals(text(n, "id"))) {
      throw new IllegalArgumentException("grid point result " + text(n, "id") + " does not match its fields (" + p.id()
          + ")");
    }
    Map<String, String> figures = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = n.path("figures").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> f = it.next();
      figures.put(f.getKey(), f.getValue().isNumber() ? f.getValue().numberValue().toString() : f.getValue().asText());
    }
    PointResult r = new PointResult(p, text(n, "end"), text(n, "tezVersion"), figures);
    if (!r.line().equals(line)) { // the canonical form is the only form
      throw new IllegalArgumentException("grid point result " + p.id() + " is not in canonical form");
    }
    return r;
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException("grid point result has no '" + field + "'");
    }
    return v.textValue();
  }

  private static String quote(String s) {
    return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + '"';
  }
}
