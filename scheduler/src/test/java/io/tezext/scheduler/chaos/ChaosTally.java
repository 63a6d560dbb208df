package io.tezext.scheduler.chaos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The campaign's outcomes per scheduler, and the JSON line {@code bench/run sched-chaos} ends with. */
final class ChaosTally {
  private final Map<String, List<ChaosRun.Outcome>> bySchedulers = new LinkedHashMap<>();

  void add(ChaosRun.Outcome o) {
    bySchedulers.computeIfAbsent(o.scheduler(), k -> new ArrayList<>()).add(o);
  }

  List<ChaosRun.Outcome> of(String scheduler) {
    return bySchedulers.getOrDefault(scheduler, List.of());
  }

  /** One line per run, for the log and the report. */
  static String line(ChaosRun.Outcome o) {
    return String.format(Locale.ROOT, "%-9s seed %3d %-21s %-9s %6.1f s  %s%s%s%s", o.scheduler(), o.seed(),
        o.fault().key(), o.dagState(), o.dagSeconds(), o.faultNote(),
        o.wrongAnswer() == null ? "" : "  WRONG: " + o.wrongAnswer(),
        o.leaked().isEmpty() ? "" : "  LEAKED: " + o.leaked(),
        o.succeeded() ? "" : "  diagnostics: " + abbreviate(o.diagnostics()));
  }

  /**
   * The figures: per scheduler, its runs, how many hung, failed (and of those, without a cause
   * named), gave a wrong answer, or left containers running, with the mean time of its succeeded
   * DAGs; the ratio of that time, {@code baseline} the denominator.
   */
  String json(String ours, String baseline, long seeds) {
    ObjectMapper json = new ObjectMapper();
    ObjectNode root = json.createObjectNode();
    root.put("benchmark", "sched-chaos");
    root.put("machine", "shared: 2 cores with other work; times are noisy, counts are the result");
    root.put("runs", bySchedulers.values().stream().mapToInt(List::size).sum());
    root.put("seeds", seeds);
    ObjectNode schedulers = root.putObject("schedulers");
    for (Map.Entry<String, List<ChaosRun.Outcome>> e : bySchedulers.entrySet()) {
      List<ChaosRun.Outcome> runs = e.getValue();
      ObjectNode s = schedulers.putObject(e.getKey());
      s.put("runs", runs.size());
      s.put("hangs", runs.stream().filter(ChaosRun.Outcome::hung).count());
      s.put("failed_dags", runs.stream().filter(o -> !o.hung() && !o.succeeded()).count());
      s.put("lost_with_the_am", runs.stream().filter(o -> ChaosRun.LOST.equals(o.dagState())).count());
      s.put("client_failures", runs.stream().filter(o -> ChaosRun.CLIENT_FAILED.equals(o.dagState())).count());
      s.put("failed_without_cause", runs.stream().filter(o -> !o.diagnosed()).count());
      s.put("wrong_outputs", runs.stream().filter(o -> o.wrongAnswer() != null).count());
      s.put("leaked_containers", runs.stream().mapToInt(o -> o.leaked().size()).sum());
      s.put("faults_missed", runs.stream().filter(o -> !o.faultLanded()).count());
      s.put("mean_dag_s", round(meanSeconds(runs)));
      ObjectNode byFault = s.putObject("succeeded_by_fault");
      for (Fault f : Fault.values()) {
        byFault.put(f.key(), runs.stream().filter(o -> o.fault() == f && o.succeeded()).count() + "/"
            + runs.stream().filter(o -> o.fault() == f).count());
      }
    }
    if (bySchedulers.containsKey(ours) && bySchedulers.containsKey(baseline)) {
      root.put("mean_dag_s_ratio_" + ours + "_to_" + baseline, round(meanSeconds(of(ours)) / meanSeconds(of(baseline))));
    }
    try {
      return json.writeValueAsString(root);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static double meanSeconds(List<ChaosRun.Outcome> runs) {
    return runs.stream().filter(ChaosRun.Outcome::succeeded).mapToDouble(ChaosRun.Outcome::dagSeconds).average()
        .orElse(Double.NaN);
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  private static String abbreviate(String text) {
    String one = text.replaceAll("\\s+", " ");
    return one.length() <= 300 ? one : one.substring(0, 300) + "...";
  }
}
