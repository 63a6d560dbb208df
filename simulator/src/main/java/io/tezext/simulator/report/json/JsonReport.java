package io.tezext.simulator.report.json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.metrics.Figure;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.ReportWriter;

/**
 * {@code summary.json}: per scheduler, every figure (fractions for shares) and the ratio of each to
 * the baseline's; {@code dags.json}: per scheduler, every DAG record.
 */
public final class JsonReport implements ReportWriter {
  public static final String SUMMARY = "summary.json";
  public static final String DAGS = "dags.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Override
  public void write(List<ComparedRun> runs, Path outDir) throws IOException {
    Files.createDirectories(outDir);
    ComparedRun baseline = runs.get(0);
    ObjectNode summary = JSON.createObjectNode();
    summary.put("workload", baseline.result().workload());
    summary.put("seed", baseline.result().seed());
    summary.put("baseline", baseline.result().scheduler());
    ArrayNode notes = summary.putArray("notes");
    baseline.result().notes().forEach(notes::add);
    ArrayNode schedulers = summary.putArray("schedulers");
    ObjectNode dags = JSON.createObjectNode();
    for (ComparedRun r : runs) {
      ObjectNode s = schedulers.addObject();
      s.put("scheduler", r.result().scheduler());
      ObjectNode figures = s.putObject("figures");
      ObjectNode ratios = s.putObject("ratios_to_baseline");
      for (Figure f : r.figures().figures()) {
        figures.put(f.key(), f.value());
        ratios.put(f.key(), r.ratio(baseline, f.key()));
      }
      ArrayNode list = dags.putArray(r.result().scheduler());
      for (DagRecord d : r.result().dags()) {
        list.add(JSON.valueToTree(d));
      }
    }
    JSON.writeValue(outDir.resolve(SUMMARY).toFile(), summary);
    JSON.writeValue(outDir.resolve(DAGS).toFile(), dags);
  }
}
