package io.tezext.simulator.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.tezext.simulator.cli.TezextSim;

/**
 * The demo as a user runs it: its HTML report as a browser shows it (headless Chromium loads the
 * file with no network, lays out every chart, and leaves a screenshot under {@code target/} to look
 * at), and the README quoting its summary as the demo printed it.
 */
class HtmlReportIT {
  private static final Path OUT = Path.of("target", "html-report-it");
  static final String README_START = "<!-- demo summary: bin/tezext-sim demo (tezext-sim-out/demo/seeds.md) -->\n";
  static final String README_END = "<!-- end of demo summary -->";

  @BeforeAll
  static void runTheDemo() {
    StringWriter console = new StringWriter();
    int exit = TezextSim.execute(new String[] {"demo", "--out", OUT.toString(), "--quiet"},
        new PrintWriter(console), new PrintWriter(console));
    assertThat(exit).as(console.toString()).isZero();
  }

  @Test
  void theReadmeQuotesTheDemosSummaryAsTheDemoWroteIt() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    int start = readme.indexOf(README_START);
    int end = readme.indexOf(README_END);
    assertThat(start).as("README.md has the demo summary's markers").isNotNegative();
    assertThat(readme.substring(start + README_START.length(), end))
        .as("README.md's demo figures; paste tezext-sim-out/demo/seeds.md from bin/tezext-sim demo")
        .isEqualTo(Files.readString(OUT.resolve("seeds.md")));
  }

  @Test
  void demoReportRendersItsChartsAndHeadingsInChromium() throws Exception {
    Path report = OUT.resolve(HtmlReport.FILE);
    String html = Files.readString(report);
    int charts = count(html, "<svg class=\"chart\"");

    HeadlessChromium chromium = HeadlessChromium.installedOrInstall();
    String dom = chromium.dumpDom(report);
    Path screenshot = Path.of("target", "report-screenshot.png");
    chromium.screenshot(report, screenshot, 1280, 4000);

    Matcher drawn = Pattern.compile("data-charts-drawn=\"(\\d+)\"").matcher(dom);
    assertThat(drawn.find()).as("the page's script ran and counted its charts").isTrue();
    assertThat(Integer.parseInt(drawn.group(1))).as("charts laid out with a visible area").isEqualTo(charts)
        .isGreaterThanOrEqualTo(1 + 3 + 1 + 3);
    assertThat(dom).contains("tezext simulator report", "DAG completion times", "Cluster memory over time",
        "Locality", "Preemptions", "DAG timelines", "tezext-strict");
    assertThat(screenshot).exists();
    assertThat(Files.size(screenshot)).as("a screenshot with something on it").isGreaterThan(50_000);
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
