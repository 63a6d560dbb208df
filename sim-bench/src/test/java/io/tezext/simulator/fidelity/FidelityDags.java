package io.tezext.simulator.fidelity;

import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.Edge;
import org.apache.tez.dag.api.EdgeProperty;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.runtime.library.conf.OrderedPartitionedKVEdgeConfig;
import org.apache.tez.runtime.library.conf.UnorderedKVEdgeConfig;
import org.apache.tez.runtime.library.partitioner.HashPartitioner;

/** The DAGs the fidelity check runs for real: scatter-gather, a chain, a broadcast join, one-to-one. */
final class FidelityDags {
  private FidelityDags() {
  }

  static List<DAG> all(Configuration conf) {
    EdgeProperty shuffle = OrderedPartitionedKVEdgeConfig
        .newBuilder(Text.class.getName(), IntWritable.class.getName(), HashPartitioner.class.getName())
        .setFromConfiguration(conf).build().createDefaultEdgeProperty();
    UnorderedKVEdgeConfig unordered = UnorderedKVEdgeConfig
        .newBuilder(Text.class.getName(), IntWritable.class.getName()).setFromConfiguration(conf).build();
    EdgeProperty broadcast = unordered.createDefaultBroadcastEdgeProperty();
    EdgeProperty oneToOne = unordered.createDefaultOneToOneEdgeProperty();

    Vertex m1 = Vertex.create("Map 1", TimedProcessor.descriptor(3_000, 300), 4);
    Vertex r1 = Vertex.create("Reducer 2", TimedProcessor.descriptor(2_000, 500), 2);
    DAG scatterGather = DAG.create("scatter-gather").addVertex(m1).addVertex(r1)
        .addEdge(Edge.create(m1, r1, shuffle));

    Vertex m2 = Vertex.create("Map 1", TimedProcessor.descriptor(2_000, 200), 6);
    Vertex r2 = Vertex.create("Reducer 2", TimedProcessor.descriptor(1_500, 300), 3);
    Vertex r3 = Vertex.create("Reducer 3", TimedProcessor.descriptor(1_000, 0), 1);
    DAG chain = DAG.create("chain").addVertex(m2).addVertex(r2).addVertex(r3)
        .addEdge(Edge.create(m2, r2, shuffle)).addEdge(Edge.create(r2, r3, shuffle));

    Vertex fact = Vertex.create("Map 1", TimedProcessor.descriptor(2_500, 250), 3);
    Vertex dim = Vertex.create("Map 2", TimedProcessor.descriptor(1_500, 0), 1);
    Vertex join = Vertex.create("Reducer 3", TimedProcessor.descriptor(2_000, 400), 2);
    DAG broadcastJoin = DAG.create("broadcast-join").addVertex(fact).addVertex(dim).addVertex(join)
        .addEdge(Edge.create(fact, join, shuffle)).addEdge(Edge.create(dim, join, broadcast));

    Vertex m4 = Vertex.create("Map 1", TimedProcessor.descriptor(2_000, 200), 3);
    Vertex r4 = Vertex.create("Reducer 2", TimedProcessor.descriptor(1_500, 0), 2);
    Vertex r5 = Vertex.create("Reducer 3", TimedProcessor.descriptor(1_000, 500), 2);
    DAG pipeline = DAG.create("one-to-one").addVertex(m4).addVertex(r4).addVertex(r5)
        .addEdge(Edge.create(m4, r4, shuffle)).addEdge(Edge.create(r4, r5, oneToOne));

    return List.of(scatterGather, chain, broadcastJoin, pipeline);
  }
}
