package io.tezext.simulator.run;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.tezext.simulator.cluster.ClusterObserver;
import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.cluster.RmNode;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.RunRecorder;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/**
 * Checks, in test runs, after every event: no container is granted twice and no node's resources go
 * negative or past its capacity; and at the end: every container was released and every task of
 * every successful DAG succeeded exactly once (more only where a lost node took its output).
 */
final class InvariantChecker implements ClusterObserver {
  private final Set<Long> granted = new HashSet<>();
  private final Set<Long> completed = new HashSet<>();

  @Override
  public void containerAllocated(RmContainer c) {
    if (!granted.add(c.id())) {
      throw new IllegalStateException("container " + c.id() + " was granted twice");
    }
  }

  @Override
  public void containerCompleted(RmContainer c) {
    if (!granted.contains(c.id()) || !completed.add(c.id())) {
      throw new IllegalStateException("container " + c.id() + " completed without being granted, or twice");
    }
  }

  void check(ResourceManager rm) {
    for (RmNode n : rm.nodes()) {
      if (n.usedMemoryMb() < 0 || n.usedVcores() < 0) {
        throw new IllegalStateException("node " + n.host() + " has negative resources in use");
      }
      if (n.usedMemoryMb() > n.spec().memoryMb()) {
        throw new IllegalStateException("node " + n.host() + " has " + n.usedMemoryMb() + " MB allocated of "
            + n.spec().memoryMb());
      }
    }
    if (rm.freeMemoryMb() < 0) {
      throw new IllegalStateException("cluster free memory went negative: " + rm.freeMemoryMb());
    }
  }

  void checkEnd(ResourceManager rm, RunRecorder recorder, Workload workload) {
    if (!rm.liveContainers().isEmpty()) {
      throw new IllegalStateException(rm.liveContainers().size() + " containers were never released, e.g. "
          + rm.liveContainers().iterator().next());
    }
    if (granted.size() != completed.size()) {
      throw new IllegalStateException(granted.size() + " containers granted but " + completed.size() + " completed");
    }
    Map<String, Integer> successes = new HashMap<>();
    Set<String> rerunHosts = new HashSet<>();
    for (AttemptRecord a : recorder.attempts()) {
      if (a.outcome() == AttemptOutcome.SUCCEEDED) {
        successes.merge(a.dagId() + "/" + a.vertex() + "/" + a.task(), 1, Integer::sum);
      } else if (a.outcome() == AttemptOutcome.NODE_LOST) {
        rerunHosts.add(a.host());
      }
    }
    Set<String> succeededDags = new HashSet<>();
    recorder.dags().forEach(d -> {
      if (d.succeeded()) {
        succeededDags.add(d.id());
      }
    });
    for (DagSubmission s : workload.submissions()) {
      for (VertexSpec v : s.dag().vertices()) {
        for (int t = 0; t < v.parallelism(); t++) {
          int n = successes.getOrDefault(s.id() + "/" + v.name() + "/" + t, 0);
          if (n == 0 && succeededDags.contains(s.id())) {
            throw new IllegalStateException("task " + t + " of " + s.id() + "/" + v.name() + " never succeeded");
          }
          if (n > 1 && rerunHosts.isEmpty()) {
            throw new IllegalStateException("task " + t + " of " + s.id() + "/" + v.name() + " succeeded " + n
                + " times with no node lost");
          }
        }
      }
    }
  }

}
