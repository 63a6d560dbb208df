package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.run.RunStoppedException;
import io.tezext.simulator.run.StopSignal;

/**
 * A command stopped mid-run (SIGTERM) ends at once and leaves nothing behind: not the report, not
 * the staging directory it was writing into.
 */
class StopTest {
  @TempDir
  Path dir;

  @Test
  void aStopRequestedMidRunEndsTheCommandAndRemovesWhatItStaged() throws IOException {
    // Stands for SIGTERM arriving mid-run: requested once the runs have asked 20,000 times (events).
    StopSignal midRun = new StopSignal() {
      private final AtomicLong asked = new AtomicLong();

      @Override
      public boolean requested() {
        return asked.incrementAndGet() > 20_000;
      }
    };
    Path out = dir.resolve("out");
    StringWriter err = new StringWriter();

    int code = TezextSim.execute(new String[] {"run", "--cluster", "scenarios/reference.json", "--synthetic", "--dags",
        "400", "--scheduler", "dagaware,tezext", "--out", out.toString(), "--quiet"},
        new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), midRun);

    assertThat(code).as(err.toString()).isEqualTo(TezextSim.STOPPED);
    assertThat(err.toString()).isEqualTo("tezext-sim: stopped (SIGTERM) before the runs ended; no report written"
        + System.lineSeparator());
    assertThat(out).doesNotExist();
    assertThat(entries(dir)).isEmpty();
  }

  @Test
  void aStopTheCommandDidNotUnwindFromInTimeRemovesTheStagingItselfAndNothingIsCommittedAfter() throws IOException {
    StopSignal stop = new StopSignal();
    Path out = dir.resolve("out");
    ReportDirectory staged = ReportDirectory.prepare(out, false, "--out", stop);
    Files.writeString(staged.staging().resolve("summary.json"), "{}");

    stop.request();
    stop.cleanUp(); // what the shutdown hook does when the command is still busy

    assertThat(entries(dir)).isEmpty();
    assertThatThrownBy(staged::commit).isInstanceOf(RunStoppedException.class);
    staged.close();
    assertThat(out).doesNotExist();
  }

  private static List<String> entries(Path dir) throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).toList();
    }
  }
}
