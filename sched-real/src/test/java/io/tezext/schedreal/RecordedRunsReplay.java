package io.tezext.schedreal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@link SchedRealBenchmark}'s figures again from runs already recorded, without a cluster (its
 * headroom probes apart): after a change to the simulator, {@code mvn verify -pl sched-real -Dit.test=RecordedRunsReplay
 * -Dsched-real.runs=DIR} (DIR the benchmark's {@code target/sched-real/runs}, or a copy) writes the
 * report and JSON line to {@code target/sched-real-replay.txt}.
 */
@EnabledIfSystemProperty(named = "sched-real.runs", matches = ".+")
class RecordedRunsReplay {
  @Test
  void checksOnRecordedRuns() throws Exception {
    Path runsDir = Path.of(System.getProperty("sched-real.runs")).toAbsolutePath();
    List<RunManifest> runs = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(runsDir)) {
      for (Path d : dirs.filter(d -> d.getFileName().toString().startsWith("pair-")).sorted(Comparator.naturalOrder())
          .toList()) {
        runs.add(RunManifest.read(d));
      }
    }
    StringBuilder report = new StringBuilder();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("benchmark", "sched-real-replay");
    json.putAll(SchedRealBenchmark.figures(runs, runsDir, report));
    String text = report + new ObjectMapper().writeValueAsString(json) + "\n";
    Files.writeString(Path.of("target", "sched-real-replay.txt"), text);
    System.out.println(text);
  }
}
