package io.tezext.simulator.workload.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

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
 * A seeded workload shaped like a public batch-cluster trace (Alibaba cluster-trace-v2018 as the
 * simulator reads it): independent jobs, each one DAG with an AM of its own, of one to four tasks
 * chained by shuffles (M1; M1 to R2; M1 to R2 to R3; M1 and M2 joined in J3, then R4), each task with
 * hundreds to thousands of instances. Like the trace reader, it places each map instance's input on
 * three seeded hosts.
 *
 * <ul>
 *   <li>instances of a map task: log-uniform in [{@code minInstances}, {@code maxInstances}]; of a
 *       reduce or join task: a fifth to a half of its largest input's;</li>
 *   <li>instance durations: a per-task median drawn log-uniformly in [{@code minMedianMs},
 *       {@code maxMedianMs}], each instance lognormal around it (sigma 0.6, at most ten times it);</li>
 *   <li>container memory per task: 512, 1,024 or 2,048 MB, one vcore.</li>
 * </ul>
 */
public final class TraceShapedWorkloads {
  private static final int[] CONTAINER_MB = {512, 1024, 2048};
  private static final double INSTANCE_SIGMA = 0.6;

  /**
   * @param jobs how many jobs
   * @param meanInterArrivalMs mean gap between job arrivals (Poisson)
   * @param minInstances fewest instances of a map task
   * @param maxInstances most instances of a map task
   * @param minMedianMs shortest per-task median instance duration
   * @param maxMedianMs longest per-task median instance duration
   */
  public record Options(int jobs, long meanInterArrivalMs, int minInstances, int maxInstances, long minMedianMs,
      long maxMedianMs) {

    public Options {
      if (jobs <= 0 || meanInterArrivalMs < 0 || minInstances <= 0 || maxInstances < minInstances
          || minMedianMs <= 0 || maxMedianMs < minMedianMs) {
        throw new IllegalArgumentException("trace-shaped workload: need jobs > 0, inter-arrival >= 0, "
            + "0 < minInstances <= maxInstances and 0 < minMedianMs <= maxMedianMs; got " + this);
      }
    }
  }

  private final Options options;
  private final SplittableRandom random;
  private final ReplicaPlacement placement;

  private TraceShapedWorkloads(Options options, List<String> hosts, long seed) {
    this.options = options;
    this.random = new SplittableRandom(seed);
    this.placement = new ReplicaPlacement(hosts, random);
  }

  /** Generates the workload for a cluster with these hosts. */
  public static Workload generate(Options options, List<String> hosts, long seed) {
    return new TraceShapedWorkloads(options, hosts, seed).generate(seed);
  }

  private Workload generate(long seed) {
    List<DagSubmission> jobs = new ArrayList<>(options.jobs());
    long arrival = 0;
    for (int i = 0; i < options.jobs(); i++) {
      if (i > 0) {
        arrival += Draws.exponentialMs(random, options.meanInterArrivalMs());
      }
      String id = String.format(Locale.ROOT, "j_%06d", i + 1);
      jobs.add(new DagSubmission(id, arrival, "default", null, job(id)));
    }
    return new Workload("trace-shaped-" + seed, jobs, List.of(String.format(Locale.ROOT,
        "trace-shaped workload (seed %d): %d jobs, one AM each, mean inter-arrival %d ms, %d-%d instances per map "
            + "task, per-task median instance %d-%d ms", seed, options.jobs(), options.meanInterArrivalMs(),
        options.minInstances(), options.maxInstances(), options.minMedianMs(), options.maxMedianMs())));
  }

  private DagSpec job(String id) {
    double shape = random.nextDouble();
    if (shape < 0.40) {
      return new DagSpec(id, List.of(map("M1")), List.of());
    }
    if (shape < 0.75) {
      VertexSpec m1 = map("M1");
      return new DagSpec(id, List.of(m1, reduce("R2_1", m1.parallelism())), List.of(shuffle("M1", "R2_1")));
    }
    if (shape < 0.90) {
      VertexSpec m1 = map("M1");
      VertexSpec r2 = reduce("R2_1", m1.parallelism());
      return new DagSpec(id, List.of(m1, r2, reduce("R3_2", r2.parallelism())),
          List.of(shuffle("M1", "R2_1"), shuffle("R2_1", "R3_2")));
    }
    VertexSpec m1 = map("M1");
    VertexSpec m2 = map("M2");
    VertexSpec j3 = reduce("J3_1_2", Math.max(m1.parallelism(), m2.parallelism()));
    return new DagSpec(id, List.of(m1, m2, j3, reduce("R4_3", j3.parallelism())),
        List.of(shuffle("M1", "J3_1_2"), shuffle("M2", "J3_1_2"), shuffle("J3_1_2", "R4_3")));
  }

  private VertexSpec map(String name) {
    int instances = Draws.logUniform(random, options.minInstances(), options.maxInstances());
    long median = Draws.logUniform(random, options.minMedianMs(), options.maxMedianMs());
    List<TaskSpec> tasks = new ArrayList<>(instances);
    for (int i = 0; i < instances; i++) {
      tasks.add(new TaskSpec(duration(median), placement.nextBlock()));
    }
    return new VertexSpec(name, memory(), 1, InputStorage.HDFS, 1_000 + random.nextInt(4_000), tasks);
  }

  private VertexSpec reduce(String name, int inputInstances) {
    int instances = Math.max(1, inputInstances / (2 + random.nextInt(4)));
    long median = Draws.logUniform(random, options.minMedianMs(), options.maxMedianMs());
    List<TaskSpec> tasks = new ArrayList<>(instances);
    for (int i = 0; i < instances; i++) {
      tasks.add(TaskSpec.of(duration(median)));
    }
    return new VertexSpec(name, memory(), 1, InputStorage.NONE, 0, tasks);
  }

  private long duration(long median) {
    double factor = Math.exp(INSTANCE_SIGMA * Draws.gaussian(random));
    return Math.max(100, Math.round(median * Math.min(factor, 10.0)));
  }

  private int memory() {
    return CONTAINER_MB[random.nextInt(CONTAINER_MB.length)];
  }

  private static EdgeSpec shuffle(String from, String to) {
    return new EdgeSpec(from, to, DataMovement.SCATTER_GATHER);
  }
}
