package io.tezext.testkit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.Edge;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueWriter;
import org.apache.tez.runtime.library.api.KeyValuesReader;
import org.apache.tez.runtime.library.conf.OrderedPartitionedKVEdgeConfig;
import org.apache.tez.runtime.library.partitioner.HashPartitioner;
import org.apache.tez.runtime.library.processor.SimpleProcessor;
import org.junit.jupiter.api.Assertions;

/**
 * A three-vertex word count with two shuffle edges: {@code generate} (several tasks) emits a known
 * multiset of words, {@code sum} counts them per word, {@code check} adds the counts up. The counters
 * it leaves behind say whether every word crossed both shuffles exactly once.
 */
public final class WordCountDag {

  public static final String COUNTER_GROUP = "tezext";
  public static final String WORDS_GENERATED = "words.generated";
  public static final String WORDS_CHECKED = "words.checked";
  public static final String DISTINCT_WORDS_CHECKED = "words.distinct";

  public static final int DISTINCT_WORDS = 7;

  private WordCountDag() {
  }

  public static DAG create(String name, Configuration conf, int generators, int summers, int wordsPerGenerator) {
    UserPayload payload = UserPayload.create(
        ByteBuffer.wrap(Integer.toString(wordsPerGenerator).getBytes(StandardCharsets.UTF_8)));
    Vertex generate = Vertex.create("generate",
        ProcessorDescriptor.create(Generate.class.getName()).setUserPayload(payload), generators);
    Vertex sum = Vertex.create("sum", ProcessorDescriptor.create(Sum.class.getName()), summers);
    Vertex check = Vertex.create("check", ProcessorDescriptor.create(Check.class.getName()), 1);

    OrderedPartitionedKVEdgeConfig shuffle = OrderedPartitionedKVEdgeConfig
        .newBuilder(Text.class.getName(), IntWritable.class.getName(), HashPartitioner.class.getName())
        .setFromConfiguration(conf)
        .build();
    return DAG.create(name)
        .addVertex(generate)
        .addVertex(sum)
        .addVertex(check)
        .addEdge(Edge.create(generate, sum, shuffle.createDefaultEdgeProperty()))
        .addEdge(Edge.create(sum, check, shuffle.createDefaultEdgeProperty()));
  }

  /**
   * Fails unless the DAG succeeded and every word its generators emitted went through both shuffles:
   * what every test running this DAG checks first. {@code status} must carry the DAG's counters.
   */
  public static void assertEveryWordCounted(DAGStatus status, int generators, int wordsPerGenerator) {
    Assertions.assertEquals(DAGStatus.State.SUCCEEDED, status.getState(), () -> "DAG diagnostics: "
        + status.getDiagnostics());
    TezCounters counters = status.getDAGCounters();
    long words = (long) generators * wordsPerGenerator;
    Assertions.assertEquals(words, counters.findCounter(COUNTER_GROUP, WORDS_GENERATED).getValue(), WORDS_GENERATED);
    Assertions.assertEquals(words, counters.findCounter(COUNTER_GROUP, WORDS_CHECKED).getValue(), WORDS_CHECKED);
    Assertions.assertEquals(DISTINCT_WORDS, counters.findCounter(COUNTER_GROUP, DISTINCT_WORDS_CHECKED).getValue(),
        DISTINCT_WORDS_CHECKED);
  }

  /** Emits {@code n} words cycling through {@link #DISTINCT_WORDS} distinct ones. */
  public static final class Generate extends SimpleProcessor {
    public Generate(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      int words = Integer.parseInt(
          StandardCharsets.UTF_8.decode(getContext().getUserPayload().getPayload()).toString());
      KeyValueWriter out = (KeyValueWriter) getOutputs().get("sum").getWriter();
      IntWritable one = new IntWritable(1);
      for (int i = 0; i < words; i++) {
        out.write(new Text("word-" + (i % DISTINCT_WORDS)), one);
      }
      getContext().getCounters().findCounter(COUNTER_GROUP, WORDS_GENERATED).increment(words);
    }
  }

  /** Adds up the ones per word. */
  public static final class Sum extends SimpleProcessor {
    public Sum(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      KeyValuesReader in = (KeyValuesReader) getInputs().get("generate").getReader();
      KeyValueWriter out = (KeyValueWriter) getOutputs().get("check").getWriter();
      while (in.next()) {
        out.write(in.getCurrentKey(), new IntWritable(total(in.getCurrentValues())));
      }
    }
  }

  /** Adds up every word's count and counts the distinct words it saw. */
  public static final class Check extends SimpleProcessor {
    public Check(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      KeyValuesReader in = (KeyValuesReader) getInputs().get("sum").getReader();
      long words = 0;
      long distinct = 0;
      while (in.next()) {
        words += total(in.getCurrentValues());
        distinct++;
      }
      getContext().getCounters().findCounter(COUNTER_GROUP, WORDS_CHECKED).increment(words);
      getContext().getCounters().findCounter(COUNTER_GROUP, DISTINCT_WORDS_CHECKED).increment(distinct);
    }
  }

  private static int total(Iterable<Object> counts) throws IOException {
    int total = 0;
    for (Object count : counts) {
      total += ((IntWritable) count).get();
    }
    return total;
  }
}
