package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.Locality;
import io.tezext.simulator.report.ComparedRun;

/**
 * Where successful attempts that wanted a node ran: node-local, rack-local or off-switch, one
 * stacked bar per scheduler. Attempts with no preference (object-store or intermediate inputs) are
 * counted beside the bar, not in it.
 */
final class LocalityBars {
  static final int WIDTH = 720;
  static final int BAR_LEFT = 170;
  static final int BAR_RIGHT = WIDTH - 16;
  static final int ROW = 34;

  private LocalityBars() {
  }

  record Segment(String x, String width, String color, String label, String title) {
  }

  record Bar(String scheduler, int y, int textY, List<Segment> segments, String note) {
  }

  record Chart(int width, int height, int barLeft, List<Bar> bars, List<Key> keys) {
  }

  record Key(String name, String color) {
  }

  private static final Map<Locality, String> COLORS = new EnumMap<>(Map.of(
      Locality.NODE_LOCAL, "#009E73", Locality.RACK_LOCAL, "#E69F00", Locality.OFF_SWITCH, "#D55E00"));

  static Chart of(List<ComparedRun> runs) {
    List<Bar> bars = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Map<Locality, Long> counts = new EnumMap<>(Locality.class);
      for (AttemptRecord a : runs.get(i).result().attempts()) {
        if (a.outcome() == AttemptOutcome.SUCCEEDED) {
          counts.merge(a.locality(), 1L, Long::sum);
        }
      }
      long wanted = counts.getOrDefault(Locality.NODE_LOCAL, 0L) + counts.getOrDefault(Locality.RACK_LOCAL, 0L)
          + counts.getOrDefault(Locality.OFF_SWITCH, 0L);
      int y = 8 + i * ROW;
      List<Segment> segments = new ArrayList<>();
      double x = BAR_LEFT;
      for (Locality l : List.of(Locality.NODE_LOCAL, Locality.RACK_LOCAL, Locality.OFF_SWITCH)) {
        long n = counts.getOrDefault(l, 0L);
        if (wanted == 0 || n == 0) {
          continue;
        }
        double share = (double) n / wanted;
        double w = share * (BAR_RIGHT - BAR_LEFT);
        String label = w >= 40 ? Format.percent(share) : "";
        segments.add(new Segment(Plot.px(x), Plot.px(w), COLORS.get(l), label,
            name(l) + ": " + Format.number(n) + " attempts, " + Format.percent(share)));
        x += w;
      }
      String note = wanted == 0 ? "no task asked for a node"
          : Format.number(counts.getOrDefault(Locality.ANY, 0L)) + " attempts without a preference not shown";
      bars.add(new Bar(runs.get(i).result().scheduler(), y, y + 17, segments, note));
    }
    List<Key> keys = List.of(new Key("node-local", COLORS.get(Locality.NODE_LOCAL)),
        new Key("rack-local", COLORS.get(Locality.RACK_LOCAL)), new Key("off-switch", COLORS.get(Locality.OFF_SWITCH)));
    return new Chart(WIDTH, 16 + runs.size() * ROW, BAR_LEFT, bars, keys);
  }

  private static String name(Locality l) {
    return switch (l) {
      case NODE_LOCAL -> "node-local";
      case RACK_LOCAL -> "rack-local";
      case OFF_SWITCH -> "off-switch";
      case ANY -> "no preference";
    };
  }
}
