package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.sweep.SweepFiles;

class SweepCommandTest {
  @TempDir
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return TezextSim.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  private Path grid(String schedulers) throws IOException {
    return Files.writeString(dir.resolve("grid.json"), "{\"scenarios\": [\""
        + Path.of("scenarios/reference.json").toAbsolutePath() + "\"], \"workloads\": [{\"name\": \"w\", "
        + "\"synthetic\": {\"dags\": 5, \"maxRootTasks\": 30}}], \"schedulers\": " + schedulers
        + ", \"seeds\": [1, 2], \"objective\": \"dag-mean\"}");
  }

  @Test
  void aSweepWritesEveryPointTheRecommendationItsTezSiteLinesAndAReport() throws IOException {
    Path grid = grid("[{\"scheduler\": \"dagaware\", \"vary\": {\"tez.am.container.reuse.enabled\": [true, false]}}]");
    Path result = dir.resolve("out");

    int code = run("sweep", "--grid", grid.toString(), "--out", result.toString(), "--threads", "2");

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).contains("sweep grid: 3 settings x 1 scenarios x 1 workloads x 2 seeds = 6 grid points")
        .contains("tune [6/6]").contains("tez-site.xml:").contains("results written to");
    for (String f : SweepFiles.ALL) {
      assertThat(result.resolve(f)).isRegularFile();
    }
    assertThat(result.resolve("report.html")).isRegularFile();
    assertThat(Files.readAllLines(result.resolve(SweepFiles.POINTS_CSV)).get(0))
        .startsWith("id,phase,setting,scheduler,settings,scenario,workload,seed,end,tez_version,dags,");
    assertThat(Files.readAllLines(result.resolve(SweepFiles.POINTS_LINES))).hasSizeGreaterThanOrEqualTo(6)
        .first().asString().startsWith("{\"id\":\"s00-c0-w0-seed1\",\"phase\":\"tune\"");
    assertThat(Files.readString(result.resolve("report.html"))).contains("tezext simulator sweep", "tez-site.xml");

    assertThat(run("sweep", "--grid", grid.toString(), "--out", result.toString())).as("no --overwrite").isEqualTo(2);
    assertThat(err.toString()).contains("already holds a report");
    assertThat(run("sweep", "--grid", grid.toString(), "--out", result.toString(), "--overwrite", "--quiet")).isZero();
  }

  @Test
  void aBadGridStopsTheSweepBeforeAnyRunWithExitCode2() throws IOException {
    Path grid = grid("[{\"scheduler\": \"tezext\", \"vary\": {\"tezext.scheduler.locality.wait-ms\": [0, 100]}}]");

    int code = run("sweep", "--grid", grid.toString(), "--out", dir.resolve("out").toString());

    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("grid.json: at schedulers[0].vary.tezext.scheduler.locality.wait-ms: ")
        .contains("unknown key tezext.scheduler.locality.wait-ms");
    assertThat(out.toString()).doesNotContain("tune [");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void onTakesLocalOrTez() throws IOException {
    assertThat(run("sweep", "--grid", grid("[{\"scheduler\": \"dagaware\"}]").toString(), "--out",
        dir.resolve("o").toString(), "--on", "yarn")).isEqualTo(2);
    assertThat(err.toString()).contains("--on takes local or tez, not 'yarn'");
  }
}
