package io.tezext.schedreal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.DataSourceDescriptor;
import org.apache.tez.dag.api.Edge;
import org.apache.tez.dag.api.EdgeProperty;
import org.apache.tez.dag.api.GroupInputEdge;
import org.apache.tez.dag.api.InputDescriptor;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.VertexGroup;
import org.apache.tez.runtime.library.conf.OrderedPartitionedKVEdgeConfig;
import org.apache.tez.runtime.library.conf.UnorderedKVEdgeConfig;
import org.apache.tez.runtime.library.input.ConcatenatedMergedKeyValuesInput;
import org.apache.tez.runtime.library.partitioner.HashPartitioner;

/**
 * Tez DAGs from {@link DagShape}s, as Hive builds them: ordered, partitioned shuffles for joins and
 * aggregations, unordered broadcasts for map joins, an unordered one-to-one edge, a vertex group for
 * a union; scanning vertices with a table-scan root input and their parallelism left to it (-1).
 */
final class ShapedDags {
  /** The root input's name on a scanning vertex. */
  static final String TABLE_INPUT = "table";

  private ShapedDags() {
  }

  /** Where a scanning vertex's hints start among the hosts: its place in the DAG, so scans do not all start alike. */
  private static int hintOffset(int vertexIndex) {
    return vertexIndex;
  }

  /** Each scanning vertex's location hint per task, as its split generation gives them. */
  static Map<String, List<String>> hints(DagShape shape, List<String> hosts) {
    Map<String, List<String>> hints = new TreeMap<>();
    for (int i = 0; i < shape.vertices().size(); i++) {
      DagShape.VertexShape v = shape.vertices().get(i);
      if (v.scansTable()) {
        List<String> perTask = new ArrayList<>();
        for (int t = 0; t < v.tasks(); t++) {
          perTask.add(TableScanInitializer.hintedHost(hosts, hintOffset(i), t));
        }
        hints.put(v.name(), perTask);
      }
    }
    return hints;
  }

  /** The DAG of {@code shape}, its scans hinting {@code hosts}. */
  static DAG toDag(DagShape shape, Configuration conf, List<String> hosts) {
    EdgeProperty shuffle = OrderedPartitionedKVEdgeConfig
        .newBuilder(Text.class.getName(), IntWritable.class.getName(), HashPartitioner.class.getName())
        .setFromConfiguration(conf).build().createDefaultEdgeProperty();
    UnorderedKVEdgeConfig unordered = UnorderedKVEdgeConfig
        .newBuilder(Text.class.getName(), IntWritable.class.getName()).setFromConfiguration(conf).build();

    DAG dag = DAG.create(shape.name());
    Map<String, Vertex> vertices = new HashMap<>();
    for (int i = 0; i < shape.vertices().size(); i++) {
      DagShape.VertexShape v = shape.vertices().get(i);
      Vertex vertex;
      if (v.scansTable()) {
        vertex = Vertex.create(v.name(), WorkProcessor.descriptor(v.workMs()), -1);
        vertex.addDataSource(TABLE_INPUT, DataSourceDescriptor.create(TableScanInput.descriptor(),
            TableScanInitializer.descriptor(v.tasks(), hosts, hintOffset(i)), null));
      } else {
        vertex = Vertex.create(v.name(), WorkProcessor.descriptor(v.workMs()), v.tasks());
      }
      vertices.put(v.name(), vertex);
      dag.addVertex(vertex);
    }
    for (DagShape.EdgeShape e : shape.edges()) {
      EdgeProperty property = switch (e.movement()) {
        case SHUFFLE -> shuffle;
        case BROADCAST -> unordered.createDefaultBroadcastEdgeProperty();
        case ONE_TO_ONE -> unordered.createDefaultOneToOneEdgeProperty();
      };
      dag.addEdge(Edge.create(vertices.get(e.from()), vertices.get(e.to()), property));
    }
    for (DagShape.UnionShape u : shape.unions()) {
      VertexGroup group = dag.createVertexGroup(u.name(),
          u.members().stream().map(vertices::get).toArray(Vertex[]::new));
      dag.addEdge(GroupInputEdge.create(group, vertices.get(u.to()), shuffle,
          InputDescriptor.create(ConcatenatedMergedKeyValuesInput.class.getName())));
    }
    return dag;
  }
}
