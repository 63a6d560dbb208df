package io.tezext.simulator.report.html;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.report.ComparedRun;

/**
 * When attempts were preempted, one row per scheduler. Preemptions are counted in {@value #BUCKETS}
 * time buckets: a dot per bucket and preempter (the AM's scheduler or the ResourceManager), its area
 * growing with the number of attempts, so a run with thousands of preemptions stays readable.
 */
final class PreemptionTimeline {
  static final String BY_AM = "#CC79A7";
  static final String BY_RM = "#0072B2";
  static final int BUCKETS = 120;
  private static final int ROW = 36;

  private PreemptionTimeline() {
  }

  record Row(String scheduler, String y, String labelY, String summary) {
  }

  record Mark(String x, String y, String r, String color, String title) {
  }

  record Chart(Frame frame, List<Row> rows, List<Mark> marks, long preemptions) {
    public boolean any() {
      return preemptions > 0;
    }
  }

  static Chart of(List<ComparedRun> runs) {
    long end = 1;
    for (ComparedRun r : runs) {
      for (DagRecord d : r.result().dags()) {
        end = Math.max(end, d.finishMs());
      }
    }
    TimeUnit unit = TimeUnit.forSpan(end);
    Plot plot = new Plot(720, Plot.TOP + Plot.BOTTOM + ROW * runs.size(), 170, 0, unit.of(end), 0, runs.size());
    List<Row> rows = new ArrayList<>();
    List<Mark> marks = new ArrayList<>();
    long total = 0;
    long bucketMs = Math.max(1, (end + BUCKETS - 1) / BUCKETS);
    for (int i = 0; i < runs.size(); i++) {
      double rowY = plot.y(runs.size() - i - 0.5);
      // [bucket][0 = by the AM, 1 = by the RM] -> attempts, work lost
      long[][][] buckets = new long[BUCKETS + 1][2][2];
      long[] attempts = new long[2];
      long lostMs = 0;
      for (AttemptRecord a : runs.get(i).result().attempts()) {
        int who = a.outcome() == AttemptOutcome.PREEMPTED_BY_AM ? 0 : a.outcome() == AttemptOutcome.PREEMPTED_BY_RM ? 1 : -1;
        if (who < 0) {
          continue;
        }
        long lost = Math.max(0, a.endMs() - Math.max(a.startMs(), a.assignedMs()));
        long[] cell = buckets[(int) Math.min(BUCKETS, a.endMs() / bucketMs)][who];
        cell[0]++;
        cell[1] += lost;
        attempts[who]++;
        lostMs += lost;
      }
      for (int b = 0; b <= BUCKETS; b++) {
        for (int who = 0; who < 2; who++) {
          long[] cell = buckets[b][who];
          if (cell[0] == 0) {
            continue;
          }
          double radius = Math.min(14, 2.5 + Math.sqrt(cell[0]));
          marks.add(new Mark(Plot.px(plot.x(unit.of(b * bucketMs + bucketMs / 2))), Plot.px(rowY), Plot.px(radius),
              who == 0 ? BY_AM : BY_RM, cell[0] + (cell[0] == 1 ? " attempt" : " attempts") + " preempted by the "
                  + (who == 0 ? "AM" : "RM") + " between " + Format.seconds(b * bucketMs) + " and "
                  + Format.seconds((b + 1) * bucketMs) + ", " + Format.seconds(cell[1]) + " of work lost"));
        }
      }
      total += attempts[0] + attempts[1];
      rows.add(new Row(runs.get(i).result().scheduler(), Plot.px(rowY), Plot.px(rowY + 4),
          attempts[0] + " by the AM, " + attempts[1] + " by the RM, " + Format.seconds(lostMs) + " of work lost"));
    }
    Frame frame = Frame.of(plot, plot.xTicks(Format::axis), List.of(), "simulated time (" + unit.name() + ")", "");
    return new Chart(frame, rows, marks, total);
  }
}
