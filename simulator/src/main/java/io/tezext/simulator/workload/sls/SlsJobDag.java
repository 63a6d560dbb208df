package io.tezext.simulator.workload.sls;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.tezext.simulator.io.BadRecords;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;

/**
 * An SLS MapReduce job as the Tez DAG Hive or Pig would run it: map containers become vertex
 * {@code Map 1}, reading HDFS on the host each container ran on; reduce containers become
 * {@code Reducer 2} behind a scatter-gather edge. A vertex has one container size, the largest of its
 * containers, and the differences are counted for the workload notes.
 */
final class SlsJobDag {
  static final String MAP_VERTEX = "Map 1";
  static final String REDUCE_VERTEX = "Reducer 2";

  private final Set<String> clusterHosts;
  private final BadRecords bad;
  /** Vertices whose containers asked for different sizes. */
  int mixedSizeVertices;
  /** Map containers on hosts the scenario does not have: no node can be local to them. */
  int tasksOnUnknownHosts;

  SlsJobDag(Set<String> clusterHosts, BadRecords bad) {
    this.clusterHosts = clusterHosts;
    this.bad = bad;
  }

  /** The job's DAG; {@code where} locates the job for a change the reader makes (an error with --strict). */
  DagSpec build(String jobId, List<SlsTask> tasks, String where) {
    List<VertexSpec> vertices = new ArrayList<>();
    List<SlsTask> maps = tasks.stream().filter(t -> t.type().equals(SlsTask.MAP)).toList();
    List<SlsTask> reduces = tasks.stream().filter(t -> t.type().equals(SlsTask.REDUCE)).toList();
    if (!maps.isEmpty()) {
      vertices.add(vertex(MAP_VERTEX, maps, true, where));
    }
    if (!reduces.isEmpty()) {
      vertices.add(vertex(REDUCE_VERTEX, reduces, false, where));
    }
    List<EdgeSpec> edges = vertices.size() == 2
        ? List.of(new EdgeSpec(MAP_VERTEX, REDUCE_VERTEX, DataMovement.SCATTER_GATHER)) : List.of();
    return new DagSpec(jobId, vertices, edges);
  }

  private VertexSpec vertex(String name, List<SlsTask> containers, boolean map, String where) {
    int memory = containers.stream().mapToInt(SlsTask::memoryMb).max().orElseThrow();
    int vcores = containers.stream().mapToInt(SlsTask::vcores).max().orElseThrow();
    if (containers.stream().anyMatch(t -> t.memoryMb() != memory || t.vcores() != vcores)) {
      bad.changed(where + " job.tasks: " + (map ? "map" : "reduce") + " containers of different sizes; "
          + "vertex '" + name + "' runs all of them at the largest, " + memory + " MB and " + vcores + " vcores");
      mixedSizeVertices++;
    }
    boolean readsHdfs = map && containers.stream().anyMatch(t -> !t.host().isEmpty());
    List<TaskSpec> specs = new ArrayList<>();
    for (SlsTask t : containers) {
      List<String> hosts = readsHdfs && !t.host().isEmpty() ? List.of(t.host()) : List.of();
      if (!hosts.isEmpty() && !clusterHosts.contains(t.host())) {
        bad.changed(where + " job.tasks container.host: host '" + t.host() + "' is not a node of the scenario, so "
            + "no read of that container can be node-local");
        tasksOnUnknownHosts += t.count();
      }
      for (int i = 0; i < t.count(); i++) {
        specs.add(new TaskSpec(t.durationMs(), hosts));
      }
    }
    return new VertexSpec(name, memory, vcores, readsHdfs ? InputStorage.HDFS : InputStorage.NONE, 0, specs);
  }
}
