package io.tezext.simulator.sweep.tez;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.sweep.Grid;
import io.tezext.simulator.sweep.GridFile;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.SweepInputs;

class SliceSpecTest {
  @TempDir
  Path dir;

  Grid grid() throws IOException {
    return GridFile.read(Files.writeString(dir.resolve("g.json"), "{\"scenarios\": [\""
        + Path.of("scenarios/reference.json").toAbsolutePath() + "\"], \"workloads\": [{\"name\": \"w\", "
        + "\"synthetic\": {\"dags\": 7, \"durationSigma\": 0.3, \"queues\": [\"default\"]}}], \"schedulers\": "
        + "[{\"scheduler\": \"tezext\", \"set\": {\"tezext.scheduler.reuse.enabled\": \"false\"}, \"vary\": "
        + "{\"tezext.scheduler.locality.mode\": [\"auto\", \"delay\"]}}], \"seeds\": [1, 2, 3, 4, 5], "
        + "\"objective\": \"dag-mean\"}"));
  }

  @Test
  void theSpecReadsBackAsWrittenAndItsSlicesHoldEveryPointOnce() throws IOException {
    Grid g = grid();
    SliceSpec spec = new SliceSpec(SweepInputs.of(g), g.tunePoints(), 4, "hdfs://nn/x/results.jsonl", 2);

    SliceSpec back = SliceSpec.fromBytes(spec.toBytes());

    assertThat(back).isEqualTo(spec);
    List<GridPoint> all = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      assertThat(back.slice(i)).hasSizeBetween(3, 4);
      all.addAll(back.slice(i));
    }
    assertThat(all).containsExactlyInAnyOrderElementsOf(g.tunePoints());
    assertThat(back.slice(0)).as("points sharing their inputs run in one task").extracting(GridPoint::seed)
        .containsOnly(1L);
  }

  @Test
  void theSweepJarHoldsTheSimulatorAndWhatTheClusterLacksButNoHadoopOrTez() throws IOException {
    Path a = dir.resolve("a.jar");
    Path b = dir.resolve("b.jar");
    SweepJar.write(a);
    SweepJar.write(b);

    assertThat(Files.readAllBytes(a)).as("the same bytes every time").isEqualTo(Files.readAllBytes(b));
    try (JarFile jar = new JarFile(a.toFile())) {
      assertThat(jar.getEntry("io/tezext/simulator/sweep/tez/GridSliceProcessor.class")).isNotNull();
      assertThat(jar.getEntry("io/tezext/scheduler/tez/TezextTaskScheduler.class")).isNotNull();
      assertThat(jar.getEntry("picocli/CommandLine.class")).isNotNull();
      assertThat(jar.getEntry("io/tezext/simulator/report/html/sweep.mustache")).isNotNull();
      assertThat(jar.stream().map(e -> e.getName()))
          .noneMatch(n -> n.startsWith("org/apache/hadoop/") || n.startsWith("org/apache/tez/dag/api/")
              || n.equals("org/apache/tez/dag/app/rm/DagAwareYarnTaskScheduler.class"));
    }
  }
}
