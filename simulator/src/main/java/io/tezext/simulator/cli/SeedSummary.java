package io.tezext.simulator.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.sweep.Interval;

/**
 * Each scheduler against the baseline over several seeds: its mean DAG time over the baseline's as
 * the geometric mean of the per-seed ratios with a paired 95% interval (one seed's lead proves
 * nothing), and the other figures that tell schedulers apart summed or averaged over the seeds. The
 * markdown it writes is the README's demo paragraph, which a test holds the README to.
 */
final class SeedSummary {
  /** The files the summary is written to. */
  static final String MARKDOWN = "seeds.md";
  static final String JSON = "seeds.json";

  /** Per seed, every scheduler's run, the baseline first. */
  private final List<Long> seeds;
  private final List<List<RunResult>> runs;

  SeedSummary(List<Long> seeds, List<List<RunResult>> runs) {
    if (seeds.size() != runs.size() || runs.isEmpty()) {
      throw new IllegalArgumentException("one list of runs per seed, and at least one seed");
    }
    this.seeds = List.copyOf(seeds);
    this.runs = List.copyOf(runs);
  }

  /** One scheduler's figures against the baseline's over the seeds. */
  record Row(String scheduler, Interval logMeanJctRatio, double reusedRatio, double workPreemptedRatio,
      double nodeLocal, double baselineNodeLocal, double amPreemptions, double baselineAmPreemptions) {

    double ratio() {
      return Math.exp(logMeanJctRatio.mean());
    }

    String interval() {
      return logMeanJctRatio.hasInterval() ? String.format(Locale.ROOT, "%.2f-%.2f", Math.exp(logMeanJctRatio.low()),
          Math.exp(logMeanJctRatio.high())) : "one seed: no interval";
    }
  }

  List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    int schedulers = runs.get(0).size();
    for (int s = 1; s < schedulers; s++) {
      double[] logs = new double[seeds.size()];
      double reused = 0;
      double baseReused = 0;
      double lost = 0;
      double baseLost = 0;
      double local = 0;
      double baseLocal = 0;
      double preemptions = 0;
      double basePreemptions = 0;
      for (int i = 0; i < seeds.size(); i++) {
        RunFigures base = RunFigures.of(runs.get(i).get(0));
        RunFigures mine = RunFigures.of(runs.get(i).get(s));
        logs[i] = Math.log(mine.get("dag_mean_s").value() / base.get("dag_mean_s").value());
        reused += mine.get("containers_reused").value();
        baseReused += base.get("containers_reused").value();
        lost += mine.get("work_preempted_task_s").value();
        baseLost += base.get("work_preempted_task_s").value();
        local += mine.get("node_local").value() / seeds.size();
        baseLocal += base.get("node_local").value() / seeds.size();
        preemptions += mine.get("preemptions_am").value() / seeds.size();
        basePreemptions += base.get("preemptions_am").value() / seeds.size();
      }
      rows.add(new Row(runs.get(0).get(s).scheduler(), Interval.of(logs, true), baseReused == 0 ? 0 : reused / baseReused,
          baseLost == 0 ? Double.NaN : lost / baseLost, local, baseLocal, preemptions, basePreemptions));
    }
    return rows;
  }

  /** The summary as the README shows it. */
  String markdown() {
    StringBuilder md = new StringBuilder();
    String baseline = runs.get(0).get(0).scheduler();
    md.append(String.format(Locale.ROOT, "Over %d seeds (%s), against %s; mean DAG time as the geometric mean of the "
        + "per-seed ratios with its 95%% interval:%n%n", seeds.size(), seedList(), baseline));
    md.append("| scheduler | mean DAG time | interval | tasks in reused containers | work lost to AM preemption "
        + "| AM preemptions per run | node-local |\n");
    md.append("|---|---|---|---|---|---|---|\n");
    for (Row r : rows()) {
      md.append(String.format(Locale.ROOT, "| %s | %.2fx | %s | %.2fx | %s | %.0f (%s %.0f) | %.1f%% (%s %.1f%%) |%n",
          r.scheduler(), r.ratio(), r.interval(), r.reusedRatio(),
          Double.isNaN(r.workPreemptedRatio()) ? "none either way" : String.format(Locale.ROOT, "%.2fx",
              r.workPreemptedRatio()), r.amPreemptions(), baseline, r.baselineAmPreemptions(), r.nodeLocal() * 100,
          baseline, r.baselineNodeLocal() * 100));
    }
    return md.toString();
  }

  ObjectNode json() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode json = mapper.createObjectNode();
    json.set("seeds", mapper.valueToTree(seeds));
    json.put("baseline", runs.get(0).get(0).scheduler());
    ArrayNode rows = json.putArray("schedulers");
    for (Row r : rows()) {
      ObjectNode o = rows.addObject();
      o.put("scheduler", r.scheduler());
      o.put("mean_jct_ratio", round(r.ratio()));
      if (r.logMeanJctRatio().hasInterval()) {
        o.put("mean_jct_ratio_ci_low", round(Math.exp(r.logMeanJctRatio().low())));
        o.put("mean_jct_ratio_ci_high", round(Math.exp(r.logMeanJctRatio().high())));
      }
      o.put("reused_ratio", round(r.reusedRatio()));
      o.put("work_lost_am_ratio", Double.isNaN(r.workPreemptedRatio()) ? null : round(r.workPreemptedRatio()));
      o.put("node_local", round(r.nodeLocal()));
      o.put("baseline_node_local", round(r.baselineNodeLocal()));
    }
    return json;
  }

  /** Writes {@link #MARKDOWN} and {@link #JSON} into {@code dir}. */
  void write(Path dir) throws IOException {
    Files.writeString(dir.resolve(MARKDOWN), markdown(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(JSON), json().toPrettyString() + "\n", StandardCharsets.UTF_8);
  }

  private String seedList() {
    boolean consecutive = true;
    for (int i = 1; i < seeds.size(); i++) {
      consecutive &= seeds.get(i) == seeds.get(i - 1) + 1;
    }
    return consecutive && seeds.size() > 2 ? seeds.get(0) + "-" + seeds.get(seeds.size() - 1)
        : String.join(", ", seeds.stream().map(String::valueOf).toList());
  }

  private static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
