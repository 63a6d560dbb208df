package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.io.OutputFileException;

class ReportDirectoryTest {
  @TempDir
  Path dir;

  @Test
  void aFullDiskNamesTheReportDirectoryAndLeavesNothingThere() throws Exception {
    Path full = Path.of("/dev/full"); // every write fails with "No space left on device"
    assumeTrue(Files.isWritable(full), "no /dev/full here");
    Path out = dir.resolve("out");
    try (ReportDirectory reports = ReportDirectory.prepare(out, false, "--out")) {
      Files.createSymbolicLink(reports.staging().resolve("summary.json"), full);

      assertThatThrownBy(() -> reports.write("the json report",
          () -> Files.writeString(reports.staging().resolve("summary.json"), "{}".repeat(10_000))))
          .isInstanceOf(OutputFileException.class)
          .hasMessageContaining("cannot write the json report to " + out.toAbsolutePath())
          .hasMessageContaining("No space left on device")
          .hasMessageNotContaining(".partial-");
    }
    assertThat(out).doesNotExist();
    try (var left = Files.list(dir)) {
      assertThat(left).as("nothing staged is left").isEmpty();
    }
  }

  @Test
  void aLinkToADirectoryWritesThereAndKeepsTheLink() throws Exception {
    Path real = Files.createDirectories(dir.resolve("real"));
    Path link = Files.createSymbolicLink(dir.resolve("link"), real);
    try (ReportDirectory reports = ReportDirectory.prepare(link, false, "--out")) {
      reports.write("a report", () -> Files.writeString(reports.staging().resolve("summary.json"), "{}"));
      reports.commit();
    }
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(real.resolve("summary.json")).hasContent("{}");
  }

  @Test
  void theDemosOwnReportIsReplacedByItsNextRun() throws Exception {
    Path out = Files.createDirectories(dir.resolve("demo"));
    for (String file : new String[] {"summary.json", "report.html", SeedSummary.MARKDOWN, SeedSummary.JSON}) {
      Files.writeString(out.resolve(file), "an earlier run");
    }
    try (ReportDirectory reports = ReportDirectory.prepare(out, true, "--out")) {
      reports.write("a report", () -> Files.writeString(reports.staging().resolve(SeedSummary.MARKDOWN), "this run"));
      reports.commit();
    }
    assertThat(out.resolve(SeedSummary.MARKDOWN)).hasContent("this run");
    assertThat(out.resolve(SeedSummary.JSON)).as("the earlier run's files go with it").doesNotExist();
  }

  @Test
  void aDirectoryHoldingAnythingElseIsNeverReplaced() throws Exception {
    Path out = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(out.resolve("notes.txt"), "mine");
    assertThatThrownBy(() -> ReportDirectory.prepare(out, true, "--out"))
        .hasMessageContaining("holds files that are not reports (notes.txt)");
    assertThat(out.resolve("notes.txt")).hasContent("mine");
  }
}
