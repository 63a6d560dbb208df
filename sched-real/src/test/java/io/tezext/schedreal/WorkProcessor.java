package io.tezext.schedreal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.runtime.api.LogicalInput;
import org.apache.tez.runtime.api.LogicalOutput;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.api.Reader;
import org.apache.tez.runtime.library.api.KeyValueReader;
import org.apache.tez.runtime.library.api.KeyValueWriter;
import org.apache.tez.runtime.library.api.KeyValuesReader;
import org.apache.tez.runtime.library.processor.SimpleProcessor;

/**
 * A task of a fixed amount of work, as Hive's operators would do it: it first reads everything its
 * inputs deliver (a map join's hash table is loaded before any row is joined, so its work never
 * overlaps its producers), counting the rows under {@code rows/in:<vertex>}, then works for the
 * vertex's fixed time (a sleep: the same on a busy 2-core host as on an idle one), then writes
 * {@link DagShape#ROWS_PER_OUTPUT} rows to each output.
 */
public final class WorkProcessor extends SimpleProcessor {
  static final String ROWS_GROUP = "rows";

  public WorkProcessor(ProcessorContext context) {
    super(context);
  }

  static ProcessorDescriptor descriptor(long workMs) {
    return ProcessorDescriptor.create(WorkProcessor.class.getName())
        .setUserPayload(UserPayload.create(ByteBuffer.wrap(Long.toString(workMs).getBytes(StandardCharsets.UTF_8))));
  }

  static String rowsInCounter(String vertex) {
    return "in:" + vertex;
  }

  @Override
  public void run() throws Exception {
    long workMs = Long.parseLong(StandardCharsets.UTF_8.decode(getContext().getUserPayload().getPayload()).toString());
    long rows = 0;
    for (Map.Entry<String, LogicalInput> in : getInputs().entrySet()) {
      rows += drain(in.getValue().getReader());
    }
    getContext().getCounters().findCounter(ROWS_GROUP, rowsInCounter(getContext().getTaskVertexName())).increment(rows);
    Thread.sleep(workMs);
    for (LogicalOutput out : getOutputs().values()) {
      KeyValueWriter writer = (KeyValueWriter) out.getWriter();
      for (int r = 0; r < DagShape.ROWS_PER_OUTPUT; r++) {
        writer.write(new Text("k" + getContext().getTaskIndex() + "-" + r), new IntWritable(1));
      }
    }
  }

  private static long drain(Reader reader) throws Exception {
    long rows = 0;
    if (reader instanceof KeyValuesReader kvs) {
      while (kvs.next()) {
        for (Object ignored : kvs.getCurrentValues()) {
          rows++;
        }
      }
    } else if (reader instanceof KeyValueReader kv) {
      while (kv.next()) {
        kv.getCurrentValue();
        rows++;
      }
    } else {
      throw new IllegalStateException("an input gave a " + reader.getClass().getName() + ", not key/value rows");
    }
    return rows;
  }
}
