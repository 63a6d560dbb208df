package io.tezext.simulator.workload.json;

import java.util.ArrayList;
import java.util.List;

import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.workload.InputStorage;

/**
 * Task hosts that do not fit their vertex's input: hosts on a vertex that does not read HDFS are
 * not used (an object store's tasks hint {@code localhost}, the others nothing), and an HDFS
 * vertex's tasks without hosts can be local nowhere, so their locality is not modelled. Each is a
 * change the replay makes to the file: counted for the notes, or with {@code --strict} an error at
 * the first one.
 */
final class HostHints {
  private final String file;
  private final BadRecords bad;
  private long unusedVertices;
  private long unusedTasks;
  private long unlocatedVertices;
  private long unlocatedTasks;

  HostHints(String file, BadRecords bad) {
    this.file = file;
    this.bad = bad;
  }

  void check(String dagPath, WorkloadModel.DagModel dag) {
    for (int v = 0; v < dag.vertices.size(); v++) {
      WorkloadModel.VertexModel vertex = dag.vertices.get(v);
      List<WorkloadModel.TaskModel> tasks = vertex.tasks == null ? List.of() : vertex.tasks;
      long withHosts = tasks.stream().filter(t -> !t.hosts.isEmpty()).count();
      long total = vertex.tasks != null ? tasks.size()
          : vertex.taskDurationsMs == null ? 0 : vertex.taskDurationsMs.length;
      String where = file + " at " + dagPath + ".vertices[" + v + "]";
      if (vertex.input != InputStorage.HDFS && withHosts > 0) {
        bad.changed(where + ": " + withHosts + " tasks name hosts, but the vertex reads " + vertex.input + ", not "
            + "HDFS, so they are not used (" + (vertex.input == InputStorage.OBJECT_STORE ? "its tasks hint '"
            + InputStorage.OBJECT_STORE_HOST + "', as object-store connectors report" : "its tasks hint no host")
            + "); set \"input\": \"HDFS\" or leave the hosts out");
        unusedVertices++;
        unusedTasks += withHosts;
      } else if (vertex.input == InputStorage.HDFS && withHosts < total) {
        bad.changed(where + ": " + (total - withHosts) + " of its " + total + " tasks name no hosts, though the vertex "
            + "reads HDFS: they are local nowhere, their locality is not modelled; give each task its replicas' "
            + "hosts, or \"input\": \"UNLOCATED\"");
        unlocatedVertices++;
        unlocatedTasks += total - withHosts;
      }
    }
  }

  /** The notes for the report, if any vertex's hosts did not fit its input. */
  List<String> notes() {
    List<String> notes = new ArrayList<>();
    if (unusedVertices > 0) {
      notes.add(unusedTasks + " tasks of " + unusedVertices + " vertices not reading HDFS name hosts: not used");
    }
    if (unlocatedVertices > 0) {
      notes.add(unlocatedTasks + " tasks of " + unlocatedVertices + " HDFS vertices name no hosts: local nowhere, "
          + "their locality not modelled");
    }
    return notes;
  }
}
