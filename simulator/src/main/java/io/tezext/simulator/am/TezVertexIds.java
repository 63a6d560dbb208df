package io.tezext.simulator.am;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.Edge;
import org.apache.tez.dag.api.EdgeProperty;
import org.apache.tez.dag.api.InputDescriptor;
import org.apache.tez.dag.api.OutputDescriptor;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.records.DAGProtos.DAGPlan;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.VertexSpec;

/**
 * A DAG's vertices in the order of the ids Tez gives them. Tez's client numbers vertices when it
 * builds the DAG plan, in a depth-first order over hash maps of their names: topological, but among
 * vertices at one distance from the roots as good as arbitrary (a join's small side may come after
 * its large side, a scan feeding the last join before the first join's scans). That id is the
 * tie-break of Tez's natural-order priorities, so the simulator takes it from Tez itself: it builds
 * the DAG's skeleton (names and edges) with Tez's own {@link DAG} and reads the plan's order.
 */
final class TezVertexIds {
  private static final int MOST_REMEMBERED = 10_000;
  /** Orders by the DAG's names and edges: workloads repeat a few shapes many times. */
  private static final Map<String, int[]> ORDERS = new ConcurrentHashMap<>();
  private static final Configuration NO_CONF = new Configuration(false);

  private TezVertexIds() {
  }

  /** The DAG's vertices, each at its Tez vertex id. */
  static List<VertexSpec> inTezOrder(DagSpec dag) {
    List<VertexSpec> vertices = dag.vertices();
    StringBuilder key = new StringBuilder();
    vertices.forEach(v -> key.append(v.name()).append('\u0000'));
    dag.edges().forEach(e -> key.append(e.from()).append('\u0001').append(e.to()).append('\u0000'));
    int[] order = ORDERS.get(key.toString());
    if (order == null) {
      order = planOrder(dag);
      if (ORDERS.size() >= MOST_REMEMBERED) {
        ORDERS.clear();
      }
      ORDERS.put(key.toString(), order);
    }
    VertexSpec[] ordered = new VertexSpec[order.length];
    for (int i = 0; i < order.length; i++) {
      ordered[i] = vertices.get(order[i]);
    }
    return List.of(ordered);
  }

  /** For each Tez vertex id, the index of that vertex in {@code dag.vertices()}. */
  private static int[] planOrder(DagSpec dag) {
    DAG skeleton = DAG.create(dag.name());
    Map<String, Vertex> byName = new HashMap<>();
    Map<String, Integer> indexOf = new HashMap<>();
    for (int i = 0; i < dag.vertices().size(); i++) {
      String name = dag.vertices().get(i).name();
      Vertex v = Vertex.create(name, ProcessorDescriptor.create("skeleton"), 1);
      byName.put(name, v);
      indexOf.put(name, i);
      skeleton.addVertex(v);
    }
    for (EdgeSpec e : dag.edges()) {
      // The kind of edge does not change the numbering; one kind keeps every skeleton valid.
      skeleton.addEdge(Edge.create(byName.get(e.from()), byName.get(e.to()), EdgeProperty.create(
          EdgeProperty.DataMovementType.SCATTER_GATHER, EdgeProperty.DataSourceType.PERSISTED,
          EdgeProperty.SchedulingType.SEQUENTIAL, OutputDescriptor.create("skeleton"),
          InputDescriptor.create("skeleton"))));
    }
    DAGPlan plan = skeleton.createDag(NO_CONF, null, null, null, true);
    return plan.getVertexList().stream().mapToInt(v -> indexOf.get(v.getName())).toArray();
  }
}
