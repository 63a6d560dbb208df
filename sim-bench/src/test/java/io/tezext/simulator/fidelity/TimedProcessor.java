package io.tezext.simulator.fidelity;

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
 * A task of known length for the fidelity check: it reads everything its inputs deliver, works for
 * {@code base + index * step} milliseconds (so tasks of a vertex differ), and writes a record to
 * each output. Real data moves along every edge, as in a real DAG.
 */
public final class TimedProcessor extends SimpleProcessor {

  public TimedProcessor(ProcessorContext context) {
    super(context);
  }

  static ProcessorDescriptor descriptor(long baseMs, long stepMs) {
    byte[] payload = (baseMs + "," + stepMs).getBytes(StandardCharsets.UTF_8);
    return ProcessorDescriptor.create(TimedProcessor.class.getName())
        .setUserPayload(UserPayload.create(ByteBuffer.wrap(payload)));
  }

  @Override
  public void run() throws Exception {
    String[] spec = StandardCharsets.UTF_8.decode(getContext().getUserPayload().getPayload()).toString().split(",");
    long work = Long.parseLong(spec[0]) + getContext().getTaskIndex() * Long.parseLong(spec[1]);
    for (Map.Entry<String, LogicalInput> in : getInputs().entrySet()) {
      drain(in.getValue().getReader());
    }
    Thread.sleep(work); // the task's "work": what the simulator is asked to reproduce
    for (LogicalOutput out : getOutputs().values()) {
      ((KeyValueWriter) out.getWriter()).write(new Text("k" + getContext().getTaskIndex()), new IntWritable(1));
    }
  }

  private static void drain(Reader reader) throws Exception {
    if (reader instanceof KeyValuesReader kvs) {
      while (kvs.next()) {
        kvs.getCurrentValues().forEach(v -> { });
      }
    } else if (reader instanceof KeyValueReader kv) {
      while (kv.next()) {
        kv.getCurrentValue();
      }
    }
  }
}
