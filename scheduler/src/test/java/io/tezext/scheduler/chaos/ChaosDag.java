package io.tezext.scheduler.chaos;

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
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueWriter;
import org.apache.tez.runtime.library.api.KeyValuesReader;
import org.apache.tez.runtime.library.conf.OrderedPartitionedKVEdgeConfig;
import org.apache.tez.runtime.library.partitioner.HashPartitioner;
import org.apache.tez.runtime.library.processor.SimpleProcessor;

import io.tezext.testkit.WordCountDag;

/**
 * A word count whose answer the test knows, slow enough for faults to land while it runs ({@link
 * WordCountDag}'s shape, with work that takes time and a check of every word's total):
 * {@code generate} (each task working {@code taskMs}, then emitting {@code words} words cycling
 * through {@value #DISTINCT} distinct ones) shuffles to {@code sum}, which shuffles to one
 * {@code check} task comparing every word's total with what the generators emitted. Tez keeps the
 * counters of successful attempts only, so a task run again after a fault counts once, and a word
 * lost or counted twice on the way shows in {@link #MISCOUNTED}.
 */
final class ChaosDag {
  static final String GROUP = "chaos";
  static final String GENERATED = "words.generated";
  static final String CHECKED = "words.checked";
  static final String DISTINCT_CHECKED = "words.distinct";
  /** Words whose total is not what the generators emitted. */
  static final String MISCOUNTED = "words.miscounted";
  static final int DISTINCT = WordCountDag.DISTINCT_WORDS;

  private final int generators;
  private final int summers;
  private final int words;
  private final long taskMs;

  ChaosDag(int generators, int summers, int words, long taskMs) {
    this.generators = generators;
    this.summers = summers;
    this.words = words;
    this.taskMs = taskMs;
  }

  DAG create(String name, Configuration conf) {
    UserPayload shape = UserPayload.create(ByteBuffer.wrap((generators + "," + words + "," + taskMs)
        .getBytes(StandardCharsets.UTF_8)));
    Vertex generate = Vertex.create("generate",
        ProcessorDescriptor.create(Generate.class.getName()).setUserPayload(shape), generators);
    Vertex sum = Vertex.create("sum", ProcessorDescriptor.create(Sum.class.getName()).setUserPayload(shape), summers);
    Vertex check = Vertex.create("check", ProcessorDescriptor.create(Check.class.getName()).setUserPayload(shape), 1);
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

  /** Whether the counters of a succeeded run are this DAG's exact answer; if not, what differs. */
  String wrongAnswer(TezCounters counters) {
    long total = (long) generators * words;
    long generated = counters.findCounter(GROUP, GENERATED).getValue();
    long checked = counters.findCounter(GROUP, CHECKED).getValue();
    long distinct = counters.findCounter(GROUP, DISTINCT_CHECKED).getValue();
    long miscounted = counters.findCounter(GROUP, MISCOUNTED).getValue();
    if (generated == total && checked == total && distinct == Math.min(DISTINCT, words) && miscounted == 0) {
      return null;
    }
    return "expected " + total + " words generated and checked, " + Math.min(DISTINCT, words) + " distinct, 0 "
        + "miscounted; got " + generated + ", " + checked + ", " + distinct + ", " + miscounted;
  }

  /** The total of word {@code k} over every generator. */
  static long expectedTotal(int generators, int words, int k) {
    return (long) generators * (words / DISTINCT + (k < words % DISTINCT ? 1 : 0));
  }

  private static long[] shape(ProcessorContext context) {
    String[] parts = StandardCharsets.UTF_8.decode(context.getUserPayload().getPayload()).toString().split(",");
    return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2])};
  }

  /** Works {@code taskMs}, then emits its words. */
  public static final class Generate extends SimpleProcessor {
    public Generate(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      long[] shape = shape(getContext());
      Thread.sleep(shape[2]); // the task's work: long enough for a fault to land in it
      KeyValueWriter out = (KeyValueWriter) getOutputs().get("sum").getWriter();
      IntWritable one = new IntWritable(1);
      for (int i = 0; i < shape[1]; i++) {
        out.write(new Text("word-" + (i % DISTINCT)), one);
      }
      getContext().getCounters().findCounter(GROUP, GENERATED).increment(shape[1]);
    }
  }

  /** Adds up the ones per word, after half a generator's work. */
  public static final class Sum extends SimpleProcessor {
    public Sum(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      Thread.sleep(shape(getContext())[2] / 2);
      KeyValuesReader in = (KeyValuesReader) getInputs().get("generate").getReader();
      KeyValueWriter out = (KeyValueWriter) getOutputs().get("check").getWriter();
      while (in.next()) {
        out.write(in.getCurrentKey(), new IntWritable(total(in.getCurrentValues())));
      }
    }
  }

  /** Compares every word's total with what the generators emitted. */
  public static final class Check extends SimpleProcessor {
    public Check(ProcessorContext context) {
      super(context);
    }

    @Override
    public void run() throws Exception {
      long[] shape = shape(getContext());
      KeyValuesReader in = (KeyValuesReader) getInputs().get("sum").getReader();
      long words = 0;
      long distinct = 0;
      long miscounted = 0;
      while (in.next()) {
        String word = in.getCurrentKey().toString();
        long total = total(in.getCurrentValues());
        int k = Integer.parseInt(word.substring("word-".length()));
        if (total != expectedTotal((int) shape[0], (int) shape[1], k)) {
          miscounted++;
        }
        words += total;
        distinct++;
      }
      getContext().getCounters().findCounter(GROUP, CHECKED).increment(words);
      getContext().getCounters().findCounter(GROUP, DISTINCT_CHECKED).increment(distinct);
      getContext().getCounters().findCounter(GROUP, MISCOUNTED).increment(miscounted);
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
