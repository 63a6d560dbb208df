package io.tezext.schedreal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.apache.tez.dag.api.InputInitializerDescriptor;
import org.apache.tez.dag.api.TaskLocationHint;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.dag.api.VertexLocationHint;
import org.apache.tez.runtime.api.Event;
import org.apache.tez.runtime.api.InputInitializer;
import org.apache.tez.runtime.api.InputInitializerContext;
import org.apache.tez.runtime.api.InputSpecUpdate;
import org.apache.tez.runtime.api.events.InputConfigureVertexTasksEvent;
import org.apache.tez.runtime.api.events.InputDataInformationEvent;
import org.apache.tez.runtime.api.events.InputInitializerEvent;

/**
 * A table scan's split generation, run in the AM as Hive's {@code HiveSplitGenerator} is: it sets the
 * vertex's parallelism with a location hint per task (one host, in turn over the cluster's hosts from
 * an offset, as one replica of each block would be) and sends each task its split, one
 * {@link InputDataInformationEvent} each. A vertex with this root input gets Tez's
 * RootInputVertexManager, as Hive's map vertices do.
 */
public final class TableScanInitializer extends InputInitializer {

  public TableScanInitializer(InputInitializerContext context) {
    super(context);
  }

  /** Splits for {@code tasks} tasks, task {@code i} hinted to {@code hosts[(offset + i) % hosts]}. */
  static InputInitializerDescriptor descriptor(int tasks, List<String> hosts, int offset) {
    String spec = tasks + ";" + offset + ";" + String.join(",", hosts);
    return InputInitializerDescriptor.create(TableScanInitializer.class.getName())
        .setUserPayload(UserPayload.create(ByteBuffer.wrap(spec.getBytes(StandardCharsets.UTF_8))));
  }

  /** The host task {@code task} is hinted to: the hosts in turn, from {@code offset}. */
  static String hintedHost(List<String> hosts, int offset, int task) {
    return hosts.get((offset + task) % hosts.size());
  }

  @Override
  public List<Event> initialize() {
    String[] spec = StandardCharsets.UTF_8.decode(getContext().getUserPayload().getPayload()).toString().split(";");
    int tasks = Integer.parseInt(spec[0]);
    int offset = Integer.parseInt(spec[1]);
    List<String> hosts = List.of(spec[2].split(","));
    List<TaskLocationHint> hints = new ArrayList<>(tasks);
    for (int i = 0; i < tasks; i++) {
      hints.add(TaskLocationHint.createTaskLocationHint(Set.of(hintedHost(hosts, offset, i)), null));
    }
    List<Event> events = new ArrayList<>(tasks + 1);
    events.add(InputConfigureVertexTasksEvent.create(tasks, VertexLocationHint.create(hints),
        InputSpecUpdate.getDefaultSinglePhysicalInputSpecUpdate()));
    for (int i = 0; i < tasks; i++) {
      byte[] split = Integer.toString(DagShape.ROWS_PER_SCAN).getBytes(StandardCharsets.UTF_8);
      events.add(InputDataInformationEvent.createWithSerializedPayload(i, ByteBuffer.wrap(split)));
    }
    return events;
  }

  @Override
  public void handleInputInitializerEvent(List<InputInitializerEvent> events) {
    // Nothing sends this initializer events (Hive's dynamic partition pruning would).
  }
}
