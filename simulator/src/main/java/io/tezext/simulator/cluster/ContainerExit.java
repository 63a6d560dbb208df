package io.tezext.simulator.cluster;

import org.apache.hadoop.yarn.api.records.ContainerExitStatus;

/** Why a container ended, as the ResourceManager reports it to the AM. */
public enum ContainerExit {
  /** The AM released it. */
  RELEASED(ContainerExitStatus.ABORTED, "Container released by application"),
  /** The RM took it back for another queue. */
  PREEMPTED(ContainerExitStatus.PREEMPTED, "Container preempted by scheduler"),
  /** Its node was lost. */
  NODE_LOST(ContainerExitStatus.ABORTED, "Container released on a *lost* node"),
  /** Its process died (injected failure). */
  FAILED(1, "Container exited with a non-zero exit code 1");

  private final int exitStatus;
  private final String diagnostics;

  ContainerExit(int exitStatus, String diagnostics) {
    this.exitStatus = exitStatus;
    this.diagnostics = diagnostics;
  }

  public int exitStatus() {
    return exitStatus;
  }

  public String diagnostics() {
    return diagnostics;
  }
}
