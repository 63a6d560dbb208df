package io.tezext.simulator.workload.alibaba;

import io.tezext.simulator.cluster.ClusterSpec;

/**
 * Turns the trace's plan, which is a share of an Alibaba machine ({@code plan_mem} in percent of its
 * memory, {@code plan_cpu} in hundredths of one of its 96 cores), into a container of the same share
 * of the largest simulated node, so a replay on a smaller cluster keeps the trace's packing.
 */
record MachineShare(int nodeMemoryMb, int nodeVcores) {
  /** Cores of a machine in cluster-trace-v2018 (its schema document). */
  static final int ALIBABA_MACHINE_CORES = 96;
  /** Container memory is rounded up to this, as YARN rounds asks to its minimum allocation. */
  static final int MEMORY_STEP_MB = 256;

  static MachineShare of(ClusterSpec cluster) {
    return new MachineShare(cluster.largestNodeMemoryMb(), cluster.largestNodeVcores());
  }

  int memoryMb(double planMem) {
    double mb = planMem / 100 * nodeMemoryMb;
    int steps = (int) Math.ceil(mb / MEMORY_STEP_MB);
    return Math.min(Math.max(1, steps) * MEMORY_STEP_MB, nodeMemoryMb);
  }

  int vcores(double planCpu) {
    double cores = planCpu / 100 / ALIBABA_MACHINE_CORES * nodeVcores;
    return (int) Math.min(Math.max(1, Math.ceil(cores)), nodeVcores);
  }

  String describe() {
    return "container sizes are the trace's share of an Alibaba machine (plan_mem %, plan_cpu of "
        + ALIBABA_MACHINE_CORES + " cores) applied to the largest simulated node (" + nodeMemoryMb + " MB, "
        + nodeVcores + " vcores), memory rounded up to " + MEMORY_STEP_MB + " MB";
  }
}
