package io.tezext.simulator.am;

import static io.tezext.simulator.am.AmSettings.SHUFFLE_OVERLAP;

import java.util.HashMap;
import java.util.Map;

import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;

/**
 * The shortest time any scheduler could run a DAG in on an infinite cluster, under the simulator's
 * task model and ignoring launch latencies: a vertex with a root input needs that input initialized
 * plus its longest task; a consumer needs its producers done plus its longest task's shuffle tail
 * (scatter-gather, broadcast) or its shortest task (one-to-one, where each task waits for one
 * producer task).
 */
final class CriticalPath {
  private CriticalPath() {
  }

  static long of(DagSpec dag, AmSettings settings) {
    Map<String, Long> done = new HashMap<>();
    long longest = 0;
    for (VertexSpec v : dag.vertices()) { // topological order
      long max = 0;
      long min = Long.MAX_VALUE;
      for (TaskSpec t : v.tasks()) {
        max = Math.max(max, t.durationMs());
        min = Math.min(min, t.durationMs());
      }
      boolean rootInput = v.input() != InputStorage.NONE;
      long end = 0;
      boolean root = true;
      for (EdgeSpec e : dag.edges()) {
        if (e.to().equals(v.name())) {
          root = false;
          long after = e.movement() == DataMovement.ONE_TO_ONE
              ? min
              : (long) Math.ceil((1 - settings.get(SHUFFLE_OVERLAP)) * max);
          end = Math.max(end, done.get(e.from()) + after);
        }
      }
      if (root || rootInput) {
        end = Math.max(end, v.inputInitMs() + max);
      }
      done.put(v.name(), end);
      longest = Math.max(longest, end);
    }
    return longest;
  }
}
