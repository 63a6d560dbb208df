package io.tezext.simulator.workload.alibaba;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.ReplicaPlacement;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;

/**
 * Builds one job's DAG: a vertex per task, a scatter-gather edge per dependency its name encodes,
 * one simulated task per instance. Tasks with no dependencies read HDFS blocks placed by the seeded
 * {@link ReplicaPlacement}, since the trace records no data locations.
 */
final class JobDag {
  private final MachineShare share;
  private final ReplicaPlacement placement;
  private final BatchInstances instances;
  /** Tasks whose instance count in batch_instance differs from instance_num. */
  int instanceCountMismatches;
  /** Tasks with no Terminated instance in batch_instance, replayed from their span. */
  int spanFallbacks;
  /** Task names naming one dependency more than once ({@code M5_3_3}): one edge each. */
  int repeatedDependencies;
  private final BadRecords bad;

  /** With {@code instances} null, every instance lasts its task's span. */
  JobDag(MachineShare share, ReplicaPlacement placement, BatchInstances instances, BadRecords bad) {
    this.share = share;
    this.placement = placement;
    this.instances = instances;
    this.bad = bad;
  }

  DagSpec build(String job, List<BatchTask> tasks) {
    Map<Integer, BatchTask> byId = new HashMap<>();
    for (BatchTask t : tasks) {
      if (t.name().inDag()) {
        BatchTask other = byId.putIfAbsent(t.name().id(), t);
        if (other != null) {
          throw new BadRecordException(t.where() + " column 1 (task_name): job " + job + " already has task "
              + t.name().id() + " ('" + other.name().name() + "', " + other.where() + ")");
        }
      }
    }
    List<VertexSpec> vertices = new ArrayList<>();
    List<EdgeSpec> edges = new ArrayList<>();
    for (BatchTask t : tasks) {
      java.util.Set<Integer> deps = new java.util.LinkedHashSet<>(t.name().dependencies());
      if (deps.size() < t.name().dependencies().size()) {
        bad.changed(t.where() + " column 1 (task_name): '" + t.name().name() + "' names a task it runs after "
            + "more than once; one edge from it");
        repeatedDependencies++;
      }
      for (int dep : deps) {
        BatchTask from = byId.get(dep);
        if (from == null || from == t) {
          throw new BadRecordException(t.where() + " column 1 (task_name): task '" + t.name().name()
              + "' runs after task " + dep + (from == null ? ", which job " + job + " does not have" : ", itself"));
        }
        edges.add(new EdgeSpec(from.name().name(), t.name().name(), DataMovement.SCATTER_GATHER));
      }
      boolean root = t.name().dependencies().isEmpty();
      vertices.add(new VertexSpec(t.name().name(), share.memoryMb(t.planMem()), share.vcores(t.planCpu()),
          root ? InputStorage.HDFS : InputStorage.NONE, 0, tasks(job, t, root)));
    }
    try {
      return new DagSpec(job, vertices, edges);
    } catch (IllegalArgumentException e) {
      throw new BadRecordException(tasks.get(0).where() + ": job " + job + ": " + e.getMessage());
    }
  }

  private List<TaskSpec> tasks(String job, BatchTask t, boolean root) {
    long[] durations = instances == null ? null : instances.durationsMs(job, t.name().name());
    if (durations == null) {
      if (instances != null) {
        bad.changed(t.where() + ": task " + t.name().name() + " of job " + job + " has no Terminated instance in "
            + instances.file + ": its instances last the task's span");
        spanFallbacks++;
      }
      durations = new long[t.instances()];
      Arrays.fill(durations, t.span().durationMs());
    } else if (durations.length != t.instances()) {
      bad.changed(t.where() + " column 2 (instance_num): " + t.instances() + " instances, but " + instances.file
          + " has " + durations.length + " Terminated ones for task " + t.name().name() + " of job " + job
          + "; those are replayed");
      instanceCountMismatches++;
    }
    List<TaskSpec> specs = new ArrayList<>(durations.length);
    for (long d : durations) {
      specs.add(new TaskSpec(d, root ? placement.nextBlock() : List.of()));
    }
    return specs;
  }
}
