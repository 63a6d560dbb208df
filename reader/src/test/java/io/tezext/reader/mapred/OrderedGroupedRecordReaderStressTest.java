package io.tezext.reader.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.split.TezGroupedSplit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.testkit.stress.GroupedReadStress;

/** A few hundred seeded stress runs on real threads; {@code bench/run reader} runs 10,000. */
class OrderedGroupedRecordReaderStressTest {
  /** Ours, as {@link OrderedGroupedInputFormat} makes it, with the case's K and threads. */
  static final GroupedReadStress.ReaderFactory OURS = new GroupedReadStress.ReaderFactory() {
    @Override
    public RecordReader<LongWritable, Text> open(TezGroupedSplit group, JobConf job, GroupedReadStress.Case c)
        throws IOException {
      job.setInt("tezext.reader.open-ahead", c.readersAhead());
      job.setInt("tezext.reader.open-threads", c.threads());
      return new OrderedGroupedInputFormat<LongWritable, Text>().getRecordReader(group, job, Reporter.NULL);
    }

    @Override
    public boolean quietAfterClose(RecordReader<LongWritable, Text> reader) throws InterruptedException {
      return ((OrderedGroupedRecordReader<LongWritable, Text>) reader).awaitQuiet(10_000);
    }
  };

  @TempDir
  Path dir;

  @Test
  void everySplitIsReadOnceInOrderAndNothingIsLeftOpen() throws Exception {
    List<GroupedReadStress.Outcome> wrong = new ArrayList<>();
    for (long seed = 1; seed <= 300; seed++) {
      Path runDir = Files.createDirectory(dir.resolve("run-" + seed));
      GroupedReadStress.Outcome outcome = GroupedReadStress.run(runDir, seed, OURS);
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
