package io.tezext.schedreal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.tez.dag.api.InputDescriptor;
import org.apache.tez.runtime.api.AbstractLogicalInput;
import org.apache.tez.runtime.api.Event;
import org.apache.tez.runtime.api.InputContext;
import org.apache.tez.runtime.api.events.InputDataInformationEvent;
import org.apache.tez.runtime.library.api.KeyValueReader;

/**
 * The task side of a table scan: it receives its split from {@link TableScanInitializer} and reads
 * that many rows.
 */
public final class TableScanInput extends AbstractLogicalInput {
  private final CountDownLatch splitArrived = new CountDownLatch(1);
  private volatile int rows;

  public TableScanInput(InputContext context, int physicalInputs) {
    super(context, physicalInputs);
  }

  static InputDescriptor descriptor() {
    return InputDescriptor.create(TableScanInput.class.getName());
  }

  @Override
  public List<Event> initialize() {
    getContext().requestInitialMemory(0, null); // every input must ask, even for nothing
    return Collections.emptyList();
  }

  @Override
  public void start() {
  }

  @Override
  public void handleEvents(List<Event> events) {
    for (Event e : events) {
      if (e instanceof InputDataInformationEvent split) {
        rows = Integer.parseInt(StandardCharsets.UTF_8.decode(split.getUserPayload()).toString());
        splitArrived.countDown();
      }
    }
  }

  @Override
  public KeyValueReader getReader() throws IOException, InterruptedException {
    if (!splitArrived.await(5, TimeUnit.MINUTES)) {
      throw new IOException("no split arrived for " + getContext().getSourceVertexName() + " in 5 minutes");
    }
    return new KeyValueReader() {
      private int read;

      @Override
      public boolean next() {
        return read++ < rows;
      }

      @Override
      public Object getCurrentKey() {
        return new Text("row" + read);
      }

      @Override
      public Object getCurrentValue() {
        return new IntWritable(1);
      }
    };
  }

  @Override
  public List<Event> close() {
    return Collections.emptyList();
  }
}
