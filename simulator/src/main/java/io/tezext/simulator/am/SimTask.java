package io.tezext.simulator.am;

import org.apache.hadoop.yarn.api.records.ContainerId;

import io.tezext.simulator.workload.TaskSpec;

/** One task of a vertex: its spec, its attempts so far, and where its output lives once done. */
final class SimTask {
  final SimVertex vertex;
  final int index;
  final TaskSpec spec;
  int attempts;
  int failedAttempts;
  SimAttempt current;
  boolean succeeded;
  boolean scheduled;
  String outputHost;
  /** The container the successful attempt ran in (the id YARN gave the AM), or null. */
  ContainerId outputContainer;

  SimTask(SimVertex vertex, int index, TaskSpec spec) {
    this.vertex = vertex;
    this.index = index;
    this.spec = spec;
  }
}
