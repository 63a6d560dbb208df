package io.tezext.simulator.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.metrics.RunFiguresTest;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

class HtmlReportTest {
  static List<ComparedRun> runs;

  @TempDir
  Path dir;

  @BeforeAll
  static void simulate() {
    ClusterSpec cluster = ClusterSpec.uniform(2, 4, 16_384, 8, List.of(), YarnSettings.DEFAULTS);
    Scenario scenario = new Scenario(cluster, AmSettings.DEFAULTS, Failures.NONE, 7, 10_000);
    Workload workload = SyntheticWorkloads.generate(new SyntheticOptions(12, 15_000, SyntheticOptions.TPCDS_MIX, 4,
        40, 20_000, 0.5, 0.3, 3, List.of("default")), cluster.hosts(), 7);
    List<RunResult> results = new ArrayList<>();
    for (String spec : List.of("dagaware", "no-reuse=dagaware(tez.am.container.reuse.enabled=false)")) {
      results.add(new Simulation(scenario, workload, SchedulerSpec.parse(spec), false,
          Simulation.ProgressListener.NONE).run());
    }
    runs = ComparedRun.of(results);
  }

  @Test
  void pageHasEverySectionAndAChartForEach() throws IOException {
    String html = write(runs, dir);

    assertThat(html).contains("<h2 id=\"summary\">Summary</h2>", "<h2 id=\"completion\">DAG completion times</h2>",
        "<h2 id=\"utilization\">Cluster memory over time</h2>", "<h2 id=\"locality\">Locality</h2>",
        "<h2 id=\"preemption\">Preemptions</h2>", "<h2 id=\"dags\">DAG timelines</h2>");
    assertThat(html).contains("<th>dagaware</th>", "<th>no-reuse</th>", "id=\"cdf\"", "id=\"utilization-0\"",
        "id=\"utilization-1\"", "id=\"locality-bars\"");
    // one curve per scheduler in the CDF, two lines per utilization chart
    assertThat(count(html, "<polyline class=\"series\"")).isEqualTo(2 + 2 * 2);
    int timelines = Math.min(HtmlReport.GANTT_DAGS, runs.get(0).result().dags().size());
    assertThat(count(html, "aria-label=\"containers and tasks of this DAG under ")).isEqualTo(2 * timelines);
  }

  @Test
  void pageNeedsNothingFromTheNetwork() throws IOException {
    String html = write(runs, dir);

    assertThat(html).doesNotContain("src=", "<link", "@import", "url(");
    assertThat(html).doesNotContainPattern("href=\"(?!#)");
  }

  @Test
  void everyTaskAttemptOfADrawnDagIsOnItsTimeline() throws IOException {
    String html = write(runs, dir);

    // the no-reuse run starts a container per attempt, so each attempt is one running bar
    Matcher first = Pattern.compile("<h3 id=\"dag-([^\"]+)\">").matcher(html);
    assertThat(first.find()).isTrue();
    String dagId = first.group(1);
    long attempts = runs.get(1).result().attempts().stream().filter(a -> a.dagId().equals(dagId)).count();
    String section = html.substring(first.start(), html.indexOf("</div>\n</div>", first.start()));
    String noReuse = section.substring(section.indexOf("<h4>no-reuse"));
    assertThat(count(noReuse, ", ran ")).isEqualTo((int) attempts);
  }

  @Test
  void namesAreEscaped() throws IOException {
    String html = write(ComparedRun.of(List.of(RunFiguresTest.smallRun("<b>x</b>"))), dir);

    assertThat(html).contains("&lt;b&gt;x&lt;/b&gt;").doesNotContain("<b>x</b>");
  }

  @Test
  void writingTwiceGivesTheSameBytes() throws IOException {
    String first = write(runs, dir.resolve("1"));
    String second = write(runs, dir.resolve("2"));

    assertThat(second).isEqualTo(first);
  }

  @Test
  void ticksFallOnRoundNumbers() {
    assertThat(Plot.roundSteps(0, 97, 5)).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0);
    assertThat(Plot.roundSteps(0, 1, 5)).containsExactly(0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0);
    assertThat(Format.axis(0.6000000000000001 * 100)).isEqualTo("60");
  }

  private static String write(List<ComparedRun> runs, Path dir) throws IOException {
    new HtmlReport().write(runs, dir);
    return Files.readString(dir.resolve(HtmlReport.FILE), StandardCharsets.UTF_8);
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
