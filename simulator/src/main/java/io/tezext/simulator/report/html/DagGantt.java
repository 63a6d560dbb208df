package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.ContainerRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.report.ComparedRun;

/**
 * One DAG as each scheduler ran it: a row per container the DAG used, the container's held time
 * in grey, and on it each task attempt, faint while launching and solid while running, coloured by
 * vertex. Attempts that did not succeed are outlined in red. Every scheduler's chart shares one
 * time axis, from the DAG's arrival, so they compare at a glance.
 */
final class DagGantt {
  static final int MAX_ROWS = 200;
  /** Rows shrink to fit a DAG's containers in about this height, down to a few pixels each. */
  private static final int ROWS_HEIGHT = 600;

  private DagGantt() {
  }

  record Bar(String x, String y, String width, String height, String color, String opacity, String outline,
      String title) {
  }

  record Row(String label, String y) {
  }

  record Chart(String scheduler, String summary, Frame frame, List<Row> rows, List<Bar> containers, List<Bar> attempts,
      String omitted) {
  }

  record Key(String name, String color) {
  }

  record Section(String anchor, String title, String summary, List<Key> vertices, List<Chart> charts) {
  }

  /** The {@code limit} DAGs whose completion times differ most between schedulers (the longest, with one). */
  static List<Section> of(List<ComparedRun> runs, int limit) {
    Map<String, List<DagRecord>> byId = new LinkedHashMap<>();
    for (ComparedRun r : runs) {
      for (DagRecord d : r.result().dags()) {
        byId.computeIfAbsent(d.id(), k -> new ArrayList<>()).add(d);
      }
    }
    List<String> chosen = byId.entrySet().stream().filter(e -> e.getValue().size() == runs.size())
        .sorted(Comparator.comparingLong((Map.Entry<String, List<DagRecord>> e) -> -spread(e.getValue()))
            .thenComparing(Map.Entry::getKey))
        .limit(limit).map(Map.Entry::getKey).toList();
    List<Section> sections = new ArrayList<>();
    for (String id : chosen) {
      sections.add(section(runs, byId.get(id)));
    }
    return sections;
  }

  private static long spread(List<DagRecord> records) {
    long min = Long.MAX_VALUE;
    long max = 0;
    for (DagRecord d : records) {
      min = Math.min(min, d.completionMs());
      max = Math.max(max, d.completionMs());
    }
    return records.size() == 1 ? max : max - min;
  }

  private static Section section(List<ComparedRun> runs, List<DagRecord> records) {
    DagRecord first = records.get(0);
    long span = records.stream().mapToLong(DagRecord::completionMs).max().orElse(1);
    TimeUnit unit = TimeUnit.forSpan(span);
    Map<String, String> vertexColors = new LinkedHashMap<>();
    List<Chart> charts = new ArrayList<>();
    StringBuilder summary = new StringBuilder();
    for (int i = 0; i < runs.size(); i++) {
      DagRecord dag = records.get(i);
      List<AttemptRecord> attempts = runs.get(i).result().attempts().stream()
          .filter(a -> a.dagId().equals(dag.id())).toList();
      for (AttemptRecord a : attempts) {
        vertexColors.computeIfAbsent(a.vertex(), v -> Palette.color(vertexColors.size()));
      }
      charts.add(chart(runs.get(i), dag, attempts, vertexColors, unit, span));
      summary.append(i == 0 ? "" : "; ").append(runs.get(i).result().scheduler()).append(' ')
          .append(Format.seconds(dag.completionMs()));
    }
    List<Key> keys = vertexColors.entrySet().stream().map(e -> new Key(e.getKey(), e.getValue())).toList();
    String title = first.name() + " (" + first.id() + ", " + first.tasks() + " tasks)";
    return new Section("dag-" + first.id().replaceAll("[^A-Za-z0-9_-]", "_"), title,
        "completion: " + summary, keys, charts);
  }

  private static Chart chart(ComparedRun run, DagRecord dag, List<AttemptRecord> attempts,
      Map<String, String> vertexColors, TimeUnit unit, long span) {
    Map<Long, ContainerRecord> containers = new HashMap<>();
    for (ContainerRecord c : run.result().containers()) {
      containers.put(c.id(), c);
    }
    List<Long> order = attempts.stream().sorted(Comparator.comparingLong(AttemptRecord::assignedMs)
        .thenComparingLong(AttemptRecord::containerId)).map(AttemptRecord::containerId).distinct().toList();
    int shown = Math.min(order.size(), MAX_ROWS);
    double row = Math.max(3, Math.min(14, (double) ROWS_HEIGHT / Math.max(1, shown)));
    double bar = row * 0.8;
    boolean labelled = row >= 9;
    Plot plot = new Plot(720, Plot.TOP + Plot.BOTTOM + (int) Math.ceil(Math.max(1, shown) * row), 0, unit.of(span), 0,
        Math.max(1, shown));
    Map<Long, Integer> rowOf = new HashMap<>();
    List<Row> rows = new ArrayList<>();
    List<Bar> held = new ArrayList<>();
    for (int k = 0; k < shown; k++) {
      long id = order.get(k);
      rowOf.put(id, k);
      double top = plot.y(shown - k) + (row - bar) / 2.0;
      ContainerRecord c = containers.get(id);
      String host = c == null ? "?" : c.host();
      if (labelled) {
        rows.add(new Row(host, Plot.px(top + bar - 2)));
      }
      if (c != null) {
        long from = Math.max(c.allocatedMs(), dag.arrivalMs());
        long to = Math.min(c.releasedMs() < 0 ? dag.finishMs() : c.releasedMs(), dag.finishMs());
        if (to > from) {
          held.add(bar(plot, unit, dag, from, to, top, bar, "#bbbbbb", "1", "none",
              "container " + id + " on " + host + ", " + c.memoryMb() + " MB, held " + Format.seconds(from - dag.arrivalMs())
                  + " to " + Format.seconds(to - dag.arrivalMs()) + " of this DAG"));
        }
      }
    }
    List<Bar> bars = new ArrayList<>();
    for (AttemptRecord a : attempts) {
      Integer rowIndex = rowOf.get(a.containerId());
      if (rowIndex == null) {
        continue;
      }
      double top = plot.y(shown - rowIndex) + (row - bar) / 2.0;
      String color = vertexColors.get(a.vertex());
      String outline = a.outcome() == AttemptOutcome.SUCCEEDED ? "none" : "#d00000";
      String what = a.vertex() + " task " + a.task() + " attempt " + a.attempt() + " (" + a.locality().name()
          .toLowerCase(Locale.ROOT).replace('_', '-') + (a.reusedContainer() ? ", reused container" : "")
          + "): " + a.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ');
      if (a.startMs() > a.assignedMs()) {
        bars.add(bar(plot, unit, dag, a.assignedMs(), a.startMs(), top, bar, color, "0.35", "none",
            what + ", launching " + Format.seconds(a.startMs() - a.assignedMs())));
      }
      if (a.endMs() > a.startMs() && a.startMs() >= 0) {
        bars.add(bar(plot, unit, dag, a.startMs(), a.endMs(), top, bar, color, "1", outline,
            what + ", ran " + Format.seconds(a.startMs() - dag.arrivalMs()) + " to " + Format.seconds(a.endMs() - dag.arrivalMs())));
      }
    }
    String omitted = order.size() > shown ? (order.size() - shown) + " more containers not drawn" : "";
    Frame frame = Frame.of(plot, plot.xTicks(Format::axis), List.of(), "time since the DAG arrived (" + unit.name() + ")",
        "");
    String summary = order.size() + " containers, completion " + Format.seconds(dag.completionMs())
        + (dag.succeeded() ? "" : ", FAILED");
    return new Chart(run.result().scheduler(), summary, frame, rows, held, bars, omitted);
  }

  private static Bar bar(Plot plot, TimeUnit unit, DagRecord dag, long fromMs, long toMs, double top, double height,
      String color, String opacity, String outline, String title) {
    double x0 = plot.x(unit.of(fromMs - dag.arrivalMs()));
    double x1 = plot.x(unit.of(toMs - dag.arrivalMs()));
    return new Bar(Plot.px(x0), Plot.px(top), Plot.px(Math.max(0.5, x1 - x0)), Plot.px(height), color, opacity,
        outline, title);
  }
}
