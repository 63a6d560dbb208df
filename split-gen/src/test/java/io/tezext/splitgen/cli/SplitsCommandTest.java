package io.tezext.splitgen.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.orc.CompressionKind;
import org.apache.orc.mapred.OrcStruct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.mapred.OrcStripeInputFormat;

class SplitsCommandTest {
  @TempDir
  Path dir;

  private record Run(int code, String out, String err) {
  }

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SplitsCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  private Path table() throws Exception {
    Path t = dir.resolve("sales");
    for (int f = 0; f < 6; f++) {
      TestOrc.write(t.resolve("day=" + f % 2 + "/part-" + f + ".orc"), f * 1_000L, 1_000);
    }
    TestOrc.write(t.resolve("day=2/big.orc"), 6_000, 200_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
    return t;
  }

  /** Rows the task side reads from every split the input format plans with these settings. */
  private static long rowsReadByTasks(Path table, String predicate, String maxSize) throws Exception {
    JobConf job = new JobConf();
    FileInputFormat.setInputPaths(job, TestOrc.hadoop(table));
    if (predicate != null) {
      job.set(SplitSettings.PREDICATE, predicate);
    }
    job.set(SplitSettings.MAX_SIZE, maxSize);
    long rows = 0;
    OrcStripeInputFormat<OrcStruct> format = new OrcStripeInputFormat<>();
    for (InputSplit split : format.getSplits(job, 1)) {
      RecordReader<NullWritable, OrcStruct> reader = format.getRecordReader(split, job, Reporter.NULL);
      NullWritable key = reader.createKey();
      OrcStruct value = reader.createValue();
      while (reader.next(key, value)) {
        rows++;
      }
      reader.close();
    }
    return rows;
  }

  @Test
  void printsEachSplitThenTotalsWhoseRowsTheTasksRead() throws Exception {
    Path t = table();
    Run run = run(t.toString(), "--max-split-size", "256k", "--min-split-size", "64k", "--sarg", "id >= 100000");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("split  stripes").contains("big.orc").doesNotContain("part-0.orc");
    assertThat(run.out()).containsPattern("files 7 \\(0 skipped\\), stripes \\d+ \\([1-9]\\d* eliminated\\)");
    assertThat(run.out()).contains("calls: 1 recursive listings (one per path), 7 file tails read (one ranged read each, "
        + "two for a tail over 16 KB) on 32 threads, 0 from the tail cache");

    Run json = run(t.toString(), "--max-split-size", "256k", "--sarg", "id >= 100000", "--format", "json");
    Map<?, ?> totals = (Map<?, ?>) new ObjectMapper().readValue(json.out(), Map.class).get("totals");
    assertThat(((Number) totals.get("rows")).longValue()).isEqualTo(rowsReadByTasks(t, "id >= 100000", "256k"))
        .isLessThan(206_000);
    Run all = run(t.toString(), "--format", "json", "--summary");
    Map<?, ?> allTotals = (Map<?, ?>) new ObjectMapper().readValue(all.out(), Map.class).get("totals");
    assertThat(((Number) allTotals.get("rows")).longValue()).isEqualTo(206_000)
        .isEqualTo(rowsReadByTasks(t, null, "256m"));
    assertThat(new ObjectMapper().readValue(all.out(), Map.class)).doesNotContainKey("splits");
  }

  @Test
  void aBadFileIsAnErrorNamingItOrIsSkippedAndCounted() throws Exception {
    Path t = table();
    Files.writeString(t.resolve("day=1/notes.orc"), "this is not an ORC file, though its name says so");
    Run failed = run(t.toString());
    assertThat(failed.code()).isEqualTo(2);
    assertThat(failed.err()).contains("notes.orc").contains("not a readable ORC file").doesNotContain("\tat ");

    Run skipped = run(t.toString(), "--skip-bad", "--summary");
    assertThat(skipped.code()).isZero();
    assertThat(skipped.out()).contains("files 7 (1 skipped)").contains("skipped: ").contains("notes.orc");
  }

  @Test
  void aFileFromAFutureOrcVersionIsNamedAndAColumnOlderFilesLackIsANote() throws Exception {
    Path t = table();
    Path future = TestOrc.write(t.resolve("day=3/future.orc"), 900_000, 1_000);
    io.tezext.testkit.orc.FutureOrcVersion.rewrite(future, 3, 0);
    Run failed = run(t.toString());
    assertThat(failed.code()).isEqualTo(2);
    assertThat(failed.err()).contains("future.orc: not a readable ORC file: ")
        .contains("was written by a future ORC version 3.0").doesNotContain("\tat ");
    Files.delete(future);

    TestOrc.write(t.resolve("day=3/older.orc"), 900_000, 1_000, CompressionKind.ZLIB, 64 << 10,
        org.apache.orc.TypeDescription.fromString("struct<id:bigint>"));
    Run noted = run(t.toString(), "--sarg", "name = 'x'", "--summary", "--format", "json");
    assertThat(noted.code()).as(noted.err()).isZero();
    assertThat(noted.err()).contains("note: --sarg names name, which 1 of the files lack");
    Map<?, ?> totals = (Map<?, ?>) new ObjectMapper().readValue(noted.out(), Map.class).get("totals");
    assertThat(totals.get("predicate_columns_missing_from_files")).isEqualTo(Map.of("name", 1));
  }

  @Test
  void badArgumentsAreNamedWithExitCodeTwo() throws Exception {
    List<Run> runs = new ArrayList<>();
    runs.add(run(dir.resolve("missing").toString()));
    runs.add(run(dir.toString(), "--sarg", "id >"));
    runs.add(run(dir.toString(), "--max-split-size", "lots"));
    runs.add(run(dir.toString(), "--format", "yaml"));
    runs.add(run(dir.toString(), "-D", "tezext.split.footer-thread=4"));
    runs.add(run());
    assertThat(runs).allSatisfy(r -> {
      assertThat(r.code()).isEqualTo(2);
      assertThat(r.err()).doesNotContain("\tat ");
    });
    assertThat(runs.get(0).err()).contains("missing does not exist");
    assertThat(runs.get(1).err()).contains("--sarg = 'id >'").contains("predicate \"id >\", at character 5");
    assertThat(runs.get(2).err()).contains("--max-split-size = 'lots'");
    assertThat(runs.get(3).err()).contains("--format yaml: expected text or json");
    assertThat(runs.get(4).err()).contains("unknown key tezext.split.footer-thread");
    assertThat(runs.get(5).err()).contains("Missing required parameter");
  }
}
