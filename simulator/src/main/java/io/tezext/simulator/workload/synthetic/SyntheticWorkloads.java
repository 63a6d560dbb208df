package io.tezext.simulator.workload.synthetic;

import java.util.Locale;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import io.tezext.simulator.io.HeapEstimate;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.ReplicaPlacement;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/**
 * A seeded generator of Hive-on-Tez-like workloads: DAG shapes drawn from a TPC-DS-like mix,
 * Poisson arrivals, lognormal task durations around a per-vertex median (a long tail of stragglers),
 * scans reading HDFS (three replica hosts per task) or object storage. The same options, hosts and
 * seed give the same workload.
 */
public final class SyntheticWorkloads {
  private static final int[] CONTAINER_MB = {1024, 2048, 2048, 4096};

  private final SyntheticOptions options;
  private final ReplicaPlacement placement;
  private final SplittableRandom random;
  private final DagShape[] shapes;
  private final double[] cumulativeWeights;

  private SyntheticWorkloads(SyntheticOptions options, List<String> hosts, long seed) {
    this.options = options;
    this.random = new SplittableRandom(seed);
    this.placement = new ReplicaPlacement(hosts, random);
    this.shapes = DagShape.values();
    this.cumulativeWeights = new double[shapes.length];
    double sum = 0;
    for (int i = 0; i < shapes.length; i++) {
      sum += options.shapeWeights().getOrDefault(shapes[i], 0.0);
      cumulativeWeights[i] = sum;
    }
  }

  /** Generates a workload for a cluster with these hosts. */
  public static Workload generate(SyntheticOptions options, List<String> hosts, long seed) {
    return generate(options, hosts, seed, HeapEstimate.ofThisJvm());
  }

  /**
   * Generates a workload for a cluster with these hosts, failing as soon as its first DAGs show that
   * the whole would not fit {@code heap}.
   */
  public static Workload generate(SyntheticOptions options, List<String> hosts, long seed, HeapEstimate heap) {
    return new SyntheticWorkloads(options, hosts, seed).generate(seed, heap);
  }

  /** DAGs generated between checks that the whole workload, projected from them, fits the heap. */
  private static final int CHECK_EVERY_DAGS = 1_000;

  private Workload generate(long seed, HeapEstimate heap) {
    List<DagSubmission> submissions = new ArrayList<>(Math.min(options.dags(), CHECK_EVERY_DAGS));
    long arrival = 0;
    long tasks = 0;
    for (int i = 0; i < options.dags(); i++) {
      if (i > 0 && i % CHECK_EVERY_DAGS == 0) {
        heap.requireRoomFor(Math.round((double) tasks / i * options.dags()), String.format(Locale.ROOT,
            "a synthetic workload of %,d DAGs (projected from its first %,d)", options.dags(), i), "give fewer --dags");
      }
      if (i > 0) {
        arrival += Draws.exponentialMs(random, options.meanInterArrivalMs());
      }
      String id = String.format(Locale.ROOT, "dag_%05d", i + 1);
      DagShape shape = drawShape();
      String session = options.sessions() == 0 ? null : "session-" + (i % options.sessions() + 1);
      String queue = options.queues().get(i % options.queues().size());
      submissions.add(new DagSubmission(id, arrival, queue, session, dag(id + "_" + shape.name().toLowerCase(Locale.ROOT), shape)));
      tasks += submissions.get(i).dag().taskCount();
    }
    String note = String.format(Locale.ROOT, "synthetic workload (seed %d): %d DAGs, mean inter-arrival %d ms, root tasks %d-%d, "
        + "median task %d ms, sigma %.2f, object-store share %.2f, sessions %d", seed, options.dags(),
        options.meanInterArrivalMs(), options.minRootTasks(), options.maxRootTasks(), options.medianTaskMs(),
        options.durationSigma(), options.objectStoreFraction(), options.sessions());
    return new Workload("synthetic-" + seed, submissions, List.of(note));
  }

  private DagSpec dag(String name, DagShape shape) {
    return switch (shape) {
      case SCAN_AGGREGATE -> {
        VertexSpec scan = scan("Map 1", rootTasks());
        yield new DagSpec(name, List.of(scan, reducer("Reducer 2", reducers(scan))),
            List.of(edge("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER)));
      }
      case MULTI_JOIN -> {
        VertexSpec fact = scan("Map 1", rootTasks());
        VertexSpec dimension = scan("Map 2", 1 + random.nextInt(3));
        VertexSpec otherFact = scan("Map 3", rootTasks());
        VertexSpec join = reducer("Reducer 4", reducers(fact) + reducers(otherFact) / 2);
        VertexSpec aggregate = reducer("Reducer 5", Math.max(1, join.parallelism() / 4));
        yield new DagSpec(name, List.of(fact, dimension, otherFact, join, aggregate), List.of(
            edge("Map 2", "Map 1", DataMovement.BROADCAST),
            edge("Map 1", "Reducer 4", DataMovement.SCATTER_GATHER),
            edge("Map 3", "Reducer 4", DataMovement.SCATTER_GATHER),
            edge("Reducer 4", "Reducer 5", DataMovement.SCATTER_GATHER)));
      }
      case UNION -> {
        int branches = 2 + random.nextInt(3);
        List<VertexSpec> vertices = new ArrayList<>();
        List<EdgeSpec> edges = new ArrayList<>();
        int tasks = 0;
        for (int b = 1; b <= branches; b++) {
          VertexSpec scan = scan("Map " + b, rootTasks());
          vertices.add(scan);
          tasks += reducers(scan);
          edges.add(edge(scan.name(), "Reducer " + (branches + 1), DataMovement.SCATTER_GATHER));
        }
        vertices.add(reducer("Reducer " + (branches + 1), Math.max(1, tasks / branches)));
        yield new DagSpec(name, vertices, edges);
      }
      case DEEP_JOIN -> {
        int joins = 3 + random.nextInt(3);
        List<VertexSpec> vertices = new ArrayList<>();
        List<EdgeSpec> edges = new ArrayList<>();
        VertexSpec left = scan("Map 1", rootTasks());
        vertices.add(left);
        for (int j = 1; j <= joins; j++) {
          VertexSpec right = scan("Map " + (j + 1), rootTasks());
          VertexSpec join = reducer("Reducer " + (joins + 1 + j), Math.max(1, (reducers(left) + reducers(right)) / 2));
          vertices.add(right);
          vertices.add(join);
          edges.add(edge(left.name(), join.name(), DataMovement.SCATTER_GATHER));
          edges.add(edge(right.name(), join.name(), DataMovement.SCATTER_GATHER));
          left = join;
        }
        VertexSpec aggregate = reducer("Reducer " + (2 * joins + 2), Math.max(1, left.parallelism() / 4));
        vertices.add(aggregate);
        edges.add(edge(left.name(), aggregate.name(), DataMovement.SCATTER_GATHER));
        yield new DagSpec(name, vertices, edges);
      }
      case MAP_ONLY -> new DagSpec(name, List.of(scan("Map 1", rootTasks())), List.of());
      case PIPELINE -> {
        VertexSpec scan = scan("Map 1", rootTasks());
        VertexSpec aggregate = reducer("Reducer 2", reducers(scan));
        VertexSpec window = reducer("Reducer 3", aggregate.parallelism());
        yield new DagSpec(name, List.of(scan, aggregate, window), List.of(
            edge("Map 1", "Reducer 2", DataMovement.SCATTER_GATHER),
            edge("Reducer 2", "Reducer 3", DataMovement.ONE_TO_ONE)));
      }
    };
  }

  private VertexSpec scan(String name, int tasks) {
    boolean objectStore = random.nextDouble() < options.objectStoreFraction();
    long median = vertexMedian();
    List<TaskSpec> specs = new ArrayList<>(tasks);
    for (int t = 0; t < tasks; t++) {
      specs.add(new TaskSpec(duration(median), objectStore ? List.of() : placement.nextBlock()));
    }
    return new VertexSpec(name, memory(), 1, objectStore ? InputStorage.OBJECT_STORE : InputStorage.HDFS,
        500 + random.nextInt(4_500), specs);
  }

  private VertexSpec reducer(String name, int tasks) {
    long median = vertexMedian();
    List<TaskSpec> specs = new ArrayList<>(tasks);
    for (int t = 0; t < tasks; t++) {
      specs.add(TaskSpec.of(duration(median)));
    }
    return new VertexSpec(name, memory(), 1, InputStorage.NONE, 0, specs);
  }

  /** Log-uniform between min and max: many small scans, a few wide ones. */
  private int rootTasks() {
    return Draws.logUniform(random, options.minRootTasks(), options.maxRootTasks());
  }

  private int reducers(VertexSpec producer) {
    return Math.max(1, producer.parallelism() / (2 + random.nextInt(6)));
  }

  private long vertexMedian() {
    return Math.round(options.medianTaskMs() * Math.exp((random.nextDouble() - 0.5) * 1.4));
  }

  /** Lognormal around the vertex median, capped at 20x it so one straggler cannot dominate a run. */
  private long duration(long median) {
    double factor = Math.exp(options.durationSigma() * Draws.gaussian(random));
    return Math.max(100, Math.round(median * Math.min(factor, 20.0)));
  }

  private int memory() {
    return CONTAINER_MB[random.nextInt(CONTAINER_MB.length)];
  }

  private DagShape drawShape() {
    double x = random.nextDouble() * cumulativeWeights[cumulativeWeights.length - 1];
    for (int i = 0; i < shapes.length; i++) {
      if (x < cumulativeWeights[i]) {
        return shapes[i];
      }
    }
    return shapes[shapes.length - 1];
  }

  private static EdgeSpec edge(String from, String to, DataMovement movement) {
    return new EdgeSpec(from, to, movement);
  }
}
