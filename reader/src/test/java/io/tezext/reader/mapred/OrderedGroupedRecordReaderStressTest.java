package io.tezext.reader.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A few hundred seeded stress runs on real threads; {@code bench/run reader} runs 10,000. */
class OrderedGroupedRecordReaderStressTest {
  @TempDir
  Path dir;

  @Test
  void everySplitIsReadOnceInOrderAndNothingIsLeftOpen() throws Exception {
    List<GroupedReadStress.Outcome> wrong = new ArrayList<>();
    for (long seed = 1; seed <= 300; seed++) {
      Path runDir = Files.createDirectory(dir.resolve("run-" + seed));
      GroupedReadStress.Outcome outcome = GroupedReadStress.run(runDir, seed, GroupedReadStress::ours);
      if (!outcome.ok()) {
        wrong.add(outcome);
      }
    }
    assertThat(wrong).isEmpty();
  }

  /** The same runs catch what goes wrong in Tez's async mode, so a clean run of ours means something. */
  @Test
  void theHarnessSeesTezsAsyncModeHandSplitsOutOfOrder() throws Exception {
    int outOfOrder = 0;
    for (long seed = 1; seed <= 100; seed++) {
      Path runDir = Files.createDirectory(dir.resolve("tez-" + seed));
      GroupedReadStress.Outcome outcome = GroupedReadStress.run(runDir, seed, GroupedReadStress::tez);
      outOfOrder += outcome.outOfOrder() ? 1 : 0;
    }
    assertThat(outOfOrder).isPositive();
  }
}
