package io.tezext.schedreal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import io.tezext.simulator.bench.fidelity.PairedReplay;

/**
 * {@link SchedRealBenchmark}'s figures again from runs already recorded, without a cluster (its
 * headroom probes apart): after a change to the simulator, {@code mvn verify -pl sched-real -Dit.test=RecordedRunsReplay
 * -Dsched-real.runs=DIR} (DIR the benchmark's {@code target/sched-real/runs}, or a copy) writes the
 * report and JSON line to {@code target/sched-real-replay.txt}. Several recordings, comma-separated,
 * are each replayed on their own (calibrated on their own pair 0) and their scored pairs then pooled:
 * the JSON line holds each recording's figures and the pooled ones.
 */
@EnabledIfSystemProperty(named = "sched-real.runs", matches = ".+")
class RecordedRunsReplay {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void checksOnRecordedRuns() throws Exception {
    StringBuilder report = new StringBuilder();
    List<Map<String, Object>> recordings = new ArrayList<>();
    for (String dir : System.getProperty("sched-real.runs").split(",")) {
      Path runsDir = Path.of(dir.trim()).toAbsolutePath();
      StringBuilder one = new StringBuilder();
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("benchmark", "sched-real-replay");
      json.putAll(SchedRealBenchmark.figures(runs(runsDir), runsDir, one));
      report.append(one).append('\n');
      recordings.add(json);
    }
    Object line = recordings.size() == 1 ? recordings.get(0) : pooled(recordings, report);
    String text = report + JSON.writeValueAsString(line) + "\n";
    Files.writeString(Path.of("target", "sched-real-replay.txt"), text);
    System.out.println(text);
  }

  private static List<RunManifest> runs(Path runsDir) throws Exception {
    List<RunManifest> runs = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(runsDir)) {
      for (Path d : dirs.filter(d -> d.getFileName().toString().startsWith("pair-")).sorted(Comparator.naturalOrder())
          .toList()) {
        runs.add(RunManifest.read(d));
      }
    }
    if (runs.isEmpty()) {
      throw new IllegalArgumentException(runsDir + " holds no pair-* run directory of sched-real");
    }
    return runs;
  }

  /** Every recording's figures, and their scored pairs pooled. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> pooled(List<Map<String, Object>> recordings, StringBuilder report) {
    List<Double> real = new ArrayList<>();
    List<Double> sim = new ArrayList<>();
    for (Map<String, Object> r : recordings) {
      Map<String, List<Double>> logs = (Map<String, List<Double>>) r.get("pair_log_ratios");
      real.addAll(logs.get("real"));
      sim.addAll(logs.get("sim"));
    }
    Map<String, Object> pooled = new PairedReplay.Pooled(real, sim).figures();
    report.append(String.format(Locale.ROOT, "pooled over %d recordings' %d scored pairs: real %.3f (95%% interval "
        + "%.3f-%.3f), simulated %.3f; simulated over real %.3f (%.3f-%.3f); pair-to-pair correlation %.2f%n",
        recordings.size(), real.size(), pooled.get("real_ratio"), pooled.get("real_ci_low"), pooled.get("real_ci_high"),
        pooled.get("sim_ratio"), pooled.get("sim_over_real"), pooled.get("sim_over_real_ci_low"),
        pooled.get("sim_over_real_ci_high"), pooled.get("pair_ratio_correlation")));
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("benchmark", "sched-real-replay");
    line.put("recordings", recordings);
    line.put("pooled", pooled);
    return line;
  }
}
