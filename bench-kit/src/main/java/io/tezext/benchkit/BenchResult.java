package io.tezext.benchkit;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a benchmark found, as the one JSON object it prints as its last line ({@code bench/run}'s
 * contract, and what docs/benchmarks.md records): the benchmark's name first, then its figures in
 * the order given, ours beside the baseline's from the same run, and their ratios. Every benchmark
 * builds its line here, so each line is one object on one line, each figure rounded as its
 * benchmark says, and each ratio computed one way ({@link #ratio}).
 */
public final class BenchResult {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ObjectNode fields;

  private BenchResult(ObjectNode fields) {
    this.fields = fields;
  }

  /** The result of the benchmark {@code bench/run} knows as {@code name}. */
  public static BenchResult of(String name) {
    BenchResult result = new BenchResult(JsonNodeFactory.instance.objectNode());
    result.fields.put("benchmark", name);
    return result;
  }

  public BenchResult put(String key, long value) {
    fields.put(key, value);
    return this;
  }

  public BenchResult put(String key, double value) {
    fields.put(key, value);
    return this;
  }

  /** A figure rounded to {@code decimals} places; null when it is no number (JSON has no NaN). */
  public BenchResult put(String key, double value, int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      fields.putNull(key);
    } else {
      fields.put(key, round(value, decimals));
    }
    return this;
  }

  public BenchResult put(String key, boolean value) {
    fields.put(key, value);
    return this;
  }

  /** Text, or null. */
  public BenchResult put(String key, String value) {
    fields.put(key, value);
    return this;
  }

  /** Numbers, text or flags, as a JSON array. */
  public BenchResult put(String key, Collection<?> values) {
    fields.set(key, JSON.valueToTree(values));
    return this;
  }

  /** Named numbers, text or flags (a score per candidate), as a JSON object in the map's order. */
  public BenchResult put(String key, Map<String, ?> values) {
    fields.set(key, JSON.valueToTree(values));
    return this;
  }

  /**
   * {@code numerator} over {@code denominator} (ours over the baseline, a total over its count),
   * rounded to {@code decimals} places; null when the denominator is zero or either is no number
   * (a ratio of nothing is no figure, and JSON has no infinity).
   */
  public BenchResult ratio(String key, double numerator, double denominator, int decimals) {
    return put(key, denominator == 0 ? Double.NaN : numerator / denominator, decimals);
  }

  /** A group of figures under {@code key} (one scheduler's, one scenario's), filled like this one. */
  public BenchResult group(String key) {
    return new BenchResult(fields.putObject(key));
  }

  /** A group of figures not yet placed: filled first, then {@link #put(String, BenchResult) put} where it goes. */
  public static BenchResult group() {
    return new BenchResult(JsonNodeFactory.instance.objectNode());
  }

  /** Every entry of {@code figures} (a part's figures, in its order), each as {@link #put(String, Map)} would write a value. */
  public BenchResult putAll(Map<String, ?> figures) {
    figures.forEach((key, value) -> fields.set(key, JSON.valueToTree(value)));
    return this;
  }

  /** Places a group filled apart ({@link #group()}) under {@code key}. */
  public BenchResult put(String key, BenchResult group) {
    fields.set(key, group.fields);
    return this;
  }

  /** An array under {@code key} to add to. */
  public ArrayNode list(String key) {
    return fields.putArray(key);
  }

  /** The object on one line. */
  public String line() {
    return fields.toString();
  }

  /** Prints the object on one line: a benchmark's last line. */
  public void print(PrintStream out) {
    out.println(line());
    out.flush();
  }

  /** Prints the object on one line: a benchmark's last line. */
  public void print(PrintWriter out) {
    out.println(line());
    out.flush();
  }

  /** {@code value} rounded half up to {@code decimals} places (as every benchmark line rounds). */
  public static double round(double value, int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return value;
    }
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}
