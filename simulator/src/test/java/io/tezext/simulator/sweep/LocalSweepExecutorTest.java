package io.tezext.simulator.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.run.StopSignal;

class LocalSweepExecutorTest {
  @TempDir
  Path dir;

  @Test
  void resultsAreTheSameBytesWhateverTheThreadsAndComeInTheOrderGiven() throws IOException {
    Grid g = GridFile.read(Files.writeString(dir.resolve("g.json"), "{\"scenarios\": [\"" + GridFileTest.REFERENCE
        + "\"], \"workloads\": [{\"name\": \"w\", \"synthetic\": {\"dags\": 6, \"maxRootTasks\": 30}}], "
        + "\"schedulers\": [{\"scheduler\": \"dagaware\", \"vary\": {\"tez.am.container.reuse.enabled\": [false]}}, "
        + "{\"scheduler\": \"tezext\"}], \"seeds\": [1, 2], \"objective\": \"makespan\"}"));
    List<GridPoint> points = g.tunePoints();
    PrintWriter err = new PrintWriter(new StringWriter());
    int[] told = new int[1];
    SweepProgress counting = new SweepProgress() {
      @Override
      public void pointDone(PointResult result, int done, int total) {
        told[0]++;
      }

      @Override
      public void status(String line) {
      }
    };

    List<PointResult> serial = new LocalSweepExecutor(1, err, StopSignal.NEVER).run(SweepInputs.of(g), points, counting);
    List<PointResult> parallel = new LocalSweepExecutor(3, err, StopSignal.NEVER).run(SweepInputs.of(g), points,
        SweepProgress.NONE);

    assertThat(serial).extracting(PointResult::point).containsExactlyElementsOf(points);
    assertThat(parallel).extracting(PointResult::line).containsExactlyElementsOf(
        serial.stream().map(PointResult::line).toList());
    assertThat(told[0]).isEqualTo(points.size());
    assertThat(serial).allMatch(PointResult::usable).allMatch(r -> r.tezVersion().equals("0.10.5"));
  }
}
