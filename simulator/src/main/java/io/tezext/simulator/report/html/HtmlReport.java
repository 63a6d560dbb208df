package io.tezext.simulator.report.html;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;

import io.tezext.simulator.metrics.ClusterCapacity;
import io.tezext.simulator.report.ComparedRun;
import io.tezext.simulator.report.ReportWriter;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, no script or font from the
 * network) comparing the schedulers: the summary table, the DAG completion-time distribution,
 * memory use over time, locality, preemptions, and container-by-container timelines of the DAGs
 * the schedulers treated most differently. The charts are drawn here, as SVG; the template
 * (Mustache, {@code report.mustache}) only lays them out.
 */
public final class HtmlReport implements ReportWriter {
  public static final String FILE = "report.html";
  /** DAGs drawn container by container: enough to see a difference, few enough to keep the page light. */
  static final int GANTT_DAGS = 6;

  private static final Mustache TEMPLATE =
      new DefaultMustacheFactory("io/tezext/simulator/report/html").compile("report.mustache");

  /** Everything the template shows. */
  record Page(String workload, long seed, String cluster, List<String> notes, List<Scheduler> schedulers,
      SummaryTable.Table summary, LineChart cdf, List<LineChart> utilization, LocalityBars.Chart locality,
      PreemptionTimeline.Chart preemptions, List<DagGantt.Section> dags, String dagsNote) {
  }

  record Scheduler(String name, String color, boolean baseline) {
  }

  @Override
  public void write(List<ComparedRun> runs, Path outDir) throws IOException {
    Files.createDirectories(outDir);
    try (Writer out = Files.newBufferedWriter(outDir.resolve(FILE), StandardCharsets.UTF_8)) {
      TEMPLATE.execute(out, page(runs));
    }
  }

  static Page page(List<ComparedRun> runs) {
    ComparedRun baseline = runs.get(0);
    ClusterCapacity c = baseline.result().capacity();
    String cluster = c.nodes() + " nodes on " + c.racks() + " racks, " + String.format(Locale.ROOT,
        "%,d", c.memoryMb() / 1024) + " GB and " + c.vcores() + " vcores in all";
    List<Scheduler> schedulers = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      schedulers.add(new Scheduler(runs.get(i).result().scheduler(), Palette.color(i), i == 0));
    }
    List<DagGantt.Section> dags = DagGantt.of(runs, GANTT_DAGS);
    int total = baseline.result().dags().size();
    String dagsNote = runs.size() > 1
        ? "The " + dags.size() + " of " + total + " DAGs whose completion times differ most between the schedulers."
        : "The " + dags.size() + " longest of " + total + " DAGs.";
    return new Page(baseline.result().workload(), baseline.result().seed(), cluster, baseline.result().notes(),
        schedulers, SummaryTable.of(runs), CompletionCdf.of(runs), UtilizationChart.of(runs), LocalityBars.of(runs),
        PreemptionTimeline.of(runs), dags, dagsNote);
  }
}
