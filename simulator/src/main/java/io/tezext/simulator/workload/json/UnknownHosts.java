package io.tezext.simulator.workload.json;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.tezext.simulator.io.BadRecords;

/**
 * Task hosts of a workload file that the scenario's cluster does not have: no node can be local to
 * such a task, so its locality wait is for nothing. Counted for the notes, or with {@code --strict}
 * an error at the first one.
 */
final class UnknownHosts {
  private static final int EXAMPLES = 5;

  private final String file;
  private final Set<String> clusterHosts;
  private final BadRecords bad;
  private final Set<String> unknown = new TreeSet<>();
  private long tasks;

  /** {@code clusterHosts} null: nothing is checked. */
  UnknownHosts(String file, Set<String> clusterHosts, BadRecords bad) {
    this.file = file;
    this.clusterHosts = clusterHosts;
    this.bad = bad;
  }

  void check(String dagPath, WorkloadModel.DagModel dag) {
    if (clusterHosts == null) {
      return;
    }
    for (int v = 0; v < dag.vertices.size(); v++) {
      WorkloadModel.VertexModel vertex = dag.vertices.get(v);
      if (vertex.tasks == null) {
        continue;
      }
      for (int t = 0; t < vertex.tasks.size(); t++) {
        boolean counted = false;
        for (String host : vertex.tasks.get(t).hosts) {
          if (!clusterHosts.contains(host)) {
            bad.changed(file + " at " + dagPath + ".vertices[" + v + "].tasks[" + t + "].hosts: host '" + host
                + "' is not a node of the scenario, so the task can never read locally there");
            unknown.add(host);
            if (!counted) {
              tasks++;
              counted = true;
            }
          }
        }
      }
    }
  }

  /** The note for the report, if any host was unknown. */
  Optional<String> note() {
    if (tasks == 0) {
      return Optional.empty();
    }
    String examples = String.join(", ", unknown.stream().limit(EXAMPLES).toList())
        + (unknown.size() > EXAMPLES ? ", ..." : "");
    return Optional.of(tasks + " tasks name hosts the scenario does not have (" + unknown.size() + " hosts: "
        + examples + "): no node is local to them there");
  }
}
