package io.tezext.splitgen.tez;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.apache.hadoop.io.LongWritable;
import org.apache.orc.CompressionKind;
import org.apache.orc.mapred.OrcStruct;
import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.DataSourceDescriptor;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueReader;
import org.apache.tez.runtime.library.processor.SimpleProcessor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.reader.grouped.GroupRead;
import io.tezext.reader.tez.OrderedMRInput;
import io.tezext.splitgen.TestOrc;
import io.tezext.splitgen.config.SplitSettings;
import io.tezext.splitgen.split.StripeSplitGenerator;
import io.tezext.testkit.TezTestCluster;

/**
 * Split generation in a real Tez AM: a root vertex reads a partitioned ORC table through
 * {@link OrcSplitInitializer} (its splits grouped by Tez, one task per split, read by Tez's MRInput
 * and by the reader module's ordered input), and every row arrives exactly once: the tasks count
 * the rows and sum the ids, which run 0, 1, 2, ... across the table.
 */
class OrcSplitInitializerIT {
  private static final Duration DAG_DEADLINE = Duration.ofMinutes(2);
  private static final long ROWS = 24 * 2_000 + 150_000;

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  private static TezClient client;
  private static Path table;

  @BeforeAll
  static void startSession() throws Exception {
    table = CLUSTER.newDirectory("orc-table");
    for (int f = 0; f < 24; f++) {
      TestOrc.write(table.resolve("day=" + f % 3 + "/part-" + f + ".orc"), f * 2_000L, 2_000);
    }
    TestOrc.write(table.resolve("day=3/big.orc"), 48_000, 150_000, CompressionKind.ZLIB, 64 << 10, TestOrc.SCHEMA);
    client = TezClient.create("orc-split-initializer-it", CLUSTER.tezConfiguration(), true);
    client.start();
    client.waitTillReady();
  }

  @AfterAll
  static void stopSession() throws Exception {
    if (client != null) {
      client.stop();
    }
  }

  /** Counts the rows of its one input and sums their ids (the first column). */
  public static final class SumIds extends SimpleProcessor {
    public SumIds(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      KeyValueReader reader = (KeyValueReader) getInputs().get("rows").getReader();
      long rows = 0;
      long ids = 0;
      while (reader.next()) {
        rows++;
        ids += ((LongWritable) ((OrcStruct) reader.getCurrentValue()).getFieldValue(0)).get();
      }
      getContext().getCounters().findCounter("test", "ROWS").increment(rows);
      getContext().getCounters().findCounter("test", "ID_SUM").increment(ids);
    }
  }

  private static TezConfiguration conf() {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    conf.set(SplitSettings.MIN_SIZE, "64k");
    conf.set(SplitSettings.MAX_SIZE, "256k"); // the big file in several splits
    return conf;
  }

  private static TezCounters run(String name, DataSourceDescriptor source) throws Exception {
    Vertex vertex = Vertex.create("scan", ProcessorDescriptor.create(SumIds.class.getName()))
        .addDataSource("rows", source);
    DAGStatus status = TezTestCluster.runDag(client, DAG.create(name).addVertex(vertex), DAG_DEADLINE);
    assertThat(status.getState()).as("%s: %s", name, status.getDiagnostics()).isEqualTo(DAGStatus.State.SUCCEEDED);
    return status.getDAGCounters();
  }

  private static void assertEveryRowOnce(TezCounters counters, long rows, long idSum) {
    assertThat(counters.findCounter("test", "ROWS").getValue()).isEqualTo(rows);
    assertThat(counters.findCounter("test", "ID_SUM").getValue()).isEqualTo(idSum);
  }

  @Test
  void groupedSplitsReadThroughTheMapredApiGiveEveryRowOnce() throws Exception {
    TezCounters counters = run("grouped-mapred", OrcSplitInitializer.configBuilder(conf(),
        io.tezext.splitgen.mapred.OrcStripeInputFormat.class, table.toUri().toString()).build());
    assertEveryRowOnce(counters, ROWS, ROWS * (ROWS - 1) / 2);
    assertThat(counters.findCounter(OrcSplitInitializer.COUNTER_GROUP, "FILES").getValue()).isEqualTo(25);
    assertThat(counters.findCounter(OrcSplitInitializer.COUNTER_GROUP, "ROWS").getValue()).isEqualTo(ROWS);
  }

  @Test
  void oneTaskPerSplitThroughTheMapreduceApiGivesEveryRowOnce() throws Exception {
    TezCounters counters = run("ungrouped-mapreduce", OrcSplitInitializer.configBuilder(conf(),
        io.tezext.splitgen.mapreduce.OrcStripeInputFormat.class, table.toUri().toString()).groupSplits(false).build());
    assertEveryRowOnce(counters, ROWS, ROWS * (ROWS - 1) / 2);
  }

  @Test
  void aBadKeyFailsTheDagNamingIt() throws Exception {
    TezConfiguration conf = conf();
    conf.set(SplitSettings.PREDICATE, "id >");
    Vertex vertex = Vertex.create("scan", ProcessorDescriptor.create(SumIds.class.getName())).addDataSource("rows",
        OrcSplitInitializer.configBuilder(conf, io.tezext.splitgen.mapred.OrcStripeInputFormat.class,
            table.toUri().toString()).build());
    DAGStatus status = TezTestCluster.runDag(client, DAG.create("bad-key").addVertex(vertex), DAG_DEADLINE);
    assertThat(status.getState()).isEqualTo(DAGStatus.State.FAILED);
    assertThat(String.join("\n", status.getDiagnostics())).contains("tezext.split.predicate")
        .contains("at character 5");
  }

  @Test
  void thePredicatesStripesAreLeftOutAndTheOrderedInputReadsTheGroupedSplits() throws Exception {
    TezConfiguration conf = conf();
    conf.set(SplitSettings.PREDICATE, "id >= 100000 or day = '1970-01-01'");
    var planned = StripeSplitGenerator.generate(List.of(TestOrc.hadoop(table)), conf);
    TezCounters counters = run("predicate-ordered", OrderedMRInput.readingInOrder(OrcSplitInitializer.configBuilder(
        conf, io.tezext.splitgen.mapred.OrcStripeInputFormat.class, table.toUri().toString()).build()));
    long eliminated = counters.findCounter(OrcSplitInitializer.COUNTER_GROUP, "STRIPES_ELIMINATED").getValue();
    assertThat(eliminated).isEqualTo(planned.plan().stripesEliminated()).isPositive();
    assertThat(counters.findCounter("test", "ROWS").getValue()).isEqualTo(planned.plan().rows()).isLessThan(ROWS);
    assertThat(counters.findCounter(GroupRead.COUNTER_GROUP, "SPLITS_READ").getValue())
        .isEqualTo(planned.splits().size());
  }
}
