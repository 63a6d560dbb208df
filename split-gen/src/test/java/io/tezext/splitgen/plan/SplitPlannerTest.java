package io.tezext.splitgen.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.splitgen.orc.FooterReads;
import io.tezext.splitgen.orc.TailCache;
import io.tezext.testkit.orc.OrcTestFiles;

class SplitPlannerTest {
  @TempDir
  Path dir;

  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void aPartitionedTableIsPlannedWithEveryRowInExactlyOneSplit() throws Exception {
    OrcTestFiles.write(Files.createDirectories(dir.resolve("t/day=1")), 5, 1_000);
    OrcTestFiles.write(Files.createDirectories(dir.resolve("t/day=2")), 3, 2_000);
    Files.writeString(dir.resolve("t/day=2/_SUCCESS"), "");
    Configuration conf = new Configuration();
    SplitPlanner planner = new SplitPlanner(pool, new FooterReads(pool, new TailCache(1 << 20), conf),
        new SplitSizes(1, 256L << 20), null, conf);

    SplitPlanner.Plan plan = planner.plan(List.of(new org.apache.hadoop.fs.Path(dir.resolve("t").toUri())), false);

    assertThat(plan.files()).hasSize(8);
    assertThat(plan.rows()).isEqualTo(5 * 1_000 + 3 * 2_000);
    assertThat(plan.splits().stream().mapToLong(PlannedSplit::rows).sum()).isEqualTo(plan.rows());
    assertThat(plan.splits()).allSatisfy(s -> assertThat(s.hosts()).isNotEmpty()); // the local file system's host
    assertThat(plan.skipped()).isEmpty();
  }
}
