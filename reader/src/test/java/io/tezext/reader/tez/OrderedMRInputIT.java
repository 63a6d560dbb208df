package io.tezext.reader.tez;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.DataSourceDescriptor;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.mapreduce.input.MRInput;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueReader;
import org.apache.tez.runtime.library.processor.SimpleProcessor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.reader.grouped.GroupRead;
import io.tezext.testkit.TezTestCluster;
import io.tezext.testkit.orc.OrcTestFiles;

/**
 * {@link OrderedMRInput} in real Tez tasks: a DAG reads many files grouped into two tasks (text with
 * the mapred and the mapreduce API, and ORC), and every row arrives; the reader's counters show
 * that ours read every split.
 */
class OrderedMRInputIT {
  private static final int FILES = 30;
  private static final int ROWS_PER_FILE = 500;
  private static final Duration DAG_DEADLINE = Duration.ofMinutes(2);

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  private static final int ORC_FILES = 40;
  private static final int ORC_ROWS_PER_FILE = 2_500;

  private static TezClient client;
  private static Path input;
  private static Path orcInput;

  @BeforeAll
  static void startSession() throws Exception {
    input = CLUSTER.newDirectory("ordered-input");
    for (int f = 0; f < FILES; f++) {
      StringBuilder rows = new StringBuilder();
      for (int r = 0; r < ROWS_PER_FILE; r++) {
        rows.append("file ").append(f).append(" row ").append(r).append('\n');
      }
      Files.writeString(input.resolve("part-" + f), rows);
    }
    orcInput = CLUSTER.newDirectory("ordered-orc");
    OrcTestFiles.write(orcInput, ORC_FILES, ORC_ROWS_PER_FILE);
    TezConfiguration conf = CLUSTER.tezConfiguration();
    client = TezClient.create("ordered-mr-input-it", conf, true);
    client.start();
    client.waitTillReady();
  }

  @AfterAll
  static void stopSession() throws Exception {
    if (client != null) {
      client.stop();
    }
  }

  /** Counts the rows of its one input. */
  public static final class CountRows extends SimpleProcessor {
    public CountRows(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      KeyValueReader reader = (KeyValueReader) getInputs().get("rows").getReader();
      long rows = 0;
      while (reader.next()) {
        rows++;
      }
      getContext().getCounters().findCounter("test", "ROWS").increment(rows);
    }
  }

  private static TezCounters read(String name, Class<?> format) throws Exception {
    return read(name, format, input);
  }

  private static TezCounters read(String name, Class<?> format, Path dir) throws Exception {
    TezConfiguration conf = CLUSTER.tezConfiguration();
    conf.setInt("tez.grouping.split-count", 2); // the files into 2 grouped splits
    conf.setInt("tezext.reader.open-ahead", 4);
    conf.setInt("tezext.reader.open-threads", 2);
    DataSourceDescriptor source = OrderedMRInput.readingInOrder(
        MRInput.createConfigBuilder(conf, format, dir.toUri().toString()).groupSplits(true).build());
    Vertex vertex = Vertex.create("read", ProcessorDescriptor.create(CountRows.class.getName()))
        .addDataSource("rows", source);
    DAGStatus status = TezTestCluster.runDag(client, DAG.create(name).addVertex(vertex), DAG_DEADLINE);
    assertThat(status.getState()).as("%s: %s", name, status.getDiagnostics()).isEqualTo(DAGStatus.State.SUCCEEDED);
    return status.getDAGCounters();
  }

  @Test
  void aGroupedReadThroughTheMapredApiGetsEveryRow() throws Exception {
    TezCounters counters = read("mapred", org.apache.hadoop.mapred.TextInputFormat.class);
    assertThat(counters.findCounter("test", "ROWS").getValue()).isEqualTo(FILES * ROWS_PER_FILE);
    assertThat(counters.findCounter(GroupRead.COUNTER_GROUP, "SPLITS_READ").getValue()).isEqualTo(FILES);
    assertThat(counters.findCounter(GroupRead.COUNTER_GROUP, "READERS_CLOSED_UNREAD").getValue()).isZero();
  }

  @Test
  void aGroupedReadThroughTheMapreduceApiGetsEveryRow() throws Exception {
    TezCounters counters = read("mapreduce", org.apache.hadoop.mapreduce.lib.input.TextInputFormat.class);
    assertThat(counters.findCounter("test", "ROWS").getValue()).isEqualTo(FILES * ROWS_PER_FILE);
    assertThat(counters.findCounter(GroupRead.COUNTER_GROUP, "SPLITS_READ").getValue()).isEqualTo(FILES);
  }

  /** ORC 1.9 (as the build pins it, without Hadoop's shaded client) reading in a real Tez task. */
  @Test
  void aGroupedReadOfOrcFilesGetsEveryRow() throws Exception {
    TezCounters counters = read("orc", org.apache.orc.mapred.OrcInputFormat.class, orcInput);
    assertThat(counters.findCounter("test", "ROWS").getValue()).isEqualTo(ORC_FILES * ORC_ROWS_PER_FILE);
    assertThat(counters.findCounter(GroupRead.COUNTER_GROUP, "SPLITS_READ").getValue()).isEqualTo(ORC_FILES);
  }
}
