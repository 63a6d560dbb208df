package io.tezext.simulator.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.metrics.RunFiguresTest;

class ReportsTest {
  @TempDir
  Path dir;

  private final List<ComparedRun> runs = ComparedRun.of(List.of(RunFiguresTest.smallRun("base"),
      RunFiguresTest.smallRun("ours")));

  @Test
  void consoleTableHasAColumnPerSchedulerAndARatioToTheBaseline() {
    StringWriter text = new StringWriter();
    new io.tezext.simulator.report.console.ConsoleReport(new PrintWriter(text)).write(runs, dir);
    List<String> lines = text.toString().lines().toList();
    assertThat(lines).anyMatch(l -> l.contains("base (baseline)") && l.contains("ours") && l.contains("vs baseline"));
    assertThat(lines).anyMatch(l -> l.startsWith("makespan (s)") && l.contains("120.0") && l.endsWith("1.00x"));
    assertThat(lines).anyMatch(l -> l.startsWith("node-local") && l.contains("50.0%"));
    int width = lines.get(2).length();
    assertThat(lines.subList(2, lines.size())).filteredOn(l -> !l.startsWith("note"))
        .allMatch(l -> l.length() <= width + 12, "rows are aligned to the header");
  }

  @Test
  void jsonSummaryHasEveryFigureAndItsRatioPerScheduler() throws IOException {
    new io.tezext.simulator.report.json.JsonReport().write(runs, dir);
    JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    assertThat(summary.get("baseline").asText()).isEqualTo("base");
    JsonNode ours = summary.get("schedulers").get(1);
    assertThat(ours.get("scheduler").asText()).isEqualTo("ours");
    assertThat(ours.get("figures").get("makespan_s").asDouble()).isEqualTo(120.0);
    assertThat(ours.get("ratios_to_baseline").get("makespan_s").asDouble()).isEqualTo(1.0);
    JsonNode dags = new ObjectMapper().readTree(dir.resolve("dags.json").toFile());
    assertThat(dags.get("ours")).hasSize(4);
  }

  @Test
  void csvFilesHaveHeadersAndARowPerRecord() throws IOException {
    new io.tezext.simulator.report.csv.CsvReport().write(runs, dir);
    assertThat(Files.readAllLines(dir.resolve("summary.csv"))).hasSize(3)
        .first().asString().startsWith("scheduler,dags,dags_failed");
    assertThat(Files.readAllLines(dir.resolve("dags.csv"))).hasSize(1 + 2 * 4);
    assertThat(Files.readAllLines(dir.resolve("attempts.csv"))).hasSize(1 + 2 * 6)
        .first().asString().contains("locality");
    assertThat(Files.readAllLines(dir.resolve("utilization.csv"))).hasSize(1 + 2 * 2);
  }

  @Test
  void writingTwiceGivesTheSameBytes() throws IOException {
    Path first = dir.resolve("1");
    Path second = dir.resolve("2");
    for (ReportType t : List.of(ReportType.JSON, ReportType.CSV)) {
      t.writer(new PrintWriter(new StringWriter())).write(runs, first);
      t.writer(new PrintWriter(new StringWriter())).write(runs, second);
    }
    for (String file : List.of("summary.json", "dags.json", "summary.csv", "dags.csv", "attempts.csv")) {
      assertThat(Files.readAllBytes(second.resolve(file))).as(file).isEqualTo(Files.readAllBytes(first.resolve(file)));
    }
  }

  @Test
  void unknownFormatListsTheKnownOnes() {
    assertThatThrownBy(() -> ReportType.parseList("json,xml"))
        .hasMessage("unknown report format 'xml'; known formats: console, json, csv, html");
  }
}
