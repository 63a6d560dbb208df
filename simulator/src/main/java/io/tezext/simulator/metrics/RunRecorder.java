package io.tezext.simulator.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.tezext.simulator.cluster.ClusterObserver;
import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.cluster.RmNode;

/**
 * Collects what one run produces as the simulation goes: counters and time integrals always, DAG
 * records and utilization samples always (a few per DAG and per minute), and per-attempt and
 * per-container records only when told to keep them.
 */
public final class RunRecorder implements ClusterObserver {
  private final boolean keepRecords;
  private final List<AttemptRecord> attempts = new ArrayList<>();
  private final List<DagRecord> dags = new ArrayList<>();
  private final List<ContainerRecord> containers = new ArrayList<>();
  private final List<UtilizationSample> utilization = new ArrayList<>();
  private final Map<Long, Integer> tasksRun = new HashMap<>();
  /** Containers running a task now, as the AM sees it, and since when. */
  private final Map<Long, Long> busySinceMs = new HashMap<>();
  private long busyMemoryMb;
  /** Memory of nodes lost, and when: the cluster's capacity shrinks from then on. */
  private final List<long[]> capacityLost = new ArrayList<>();
  private long attemptCount;
  private long succeeded;
  private long nodeLocal;
  private long rackLocal;
  private long offSwitch;
  private long containersLaunched;
  private long containersReused;
  private long amPreemptions;
  private long rmPreemptions;
  private long workLostMs;
  private long workPreemptedMs;
  private long waitingInContainersMs;
  private long allocatedMbMs;
  private long busyMbMs;
  private long schedulerCpuNanos;
  private long schedulerWallNanos;
  /** Attempts waiting for a container now, across the run's AMs. */
  private long waitingAttempts;
  /** Attempts in a container that have done their own work and wait for a producer's output. */
  private long awaitingInputs;
  /** Containers allocated, tasks given containers, attempts ended: what a hung run shows none of. */
  private long progress;
  private long leakedContainers;

  /** @param keepRecords keep a record of every attempt and container (reports list and draw them) */
  public RunRecorder(boolean keepRecords) {
    this.keepRecords = keepRecords;
  }

  public void attemptEnded(AttemptRecord a) {
    attemptCount++;
    progress++;
    if (keepRecords) {
      attempts.add(a);
    }
    switch (a.outcome()) {
      case SUCCEEDED -> {
        succeeded++;
        switch (a.locality()) {
          case NODE_LOCAL -> nodeLocal++;
          case RACK_LOCAL -> rackLocal++;
          case OFF_SWITCH -> offSwitch++;
          default -> { }
        }
      }
      case PREEMPTED_BY_AM -> amPreemptions++;
      case PREEMPTED_BY_RM -> rmPreemptions++;
      default -> { }
    }
    waitingInContainersMs += a.waitedMs();
    if (a.outcome() != AttemptOutcome.SUCCEEDED) {
      workLostMs += a.workMs();
      if (a.outcome() == AttemptOutcome.PREEMPTED_BY_AM) {
        workPreemptedMs += a.workMs();
      }
    }
  }

  @Override
  public void containerAllocated(RmContainer c) {
    progress++;
  }

  /** An attempt starts ({@code true}) or stops ({@code false}) waiting for a container. */
  public void attemptWaiting(boolean waiting) {
    waitingAttempts += waiting ? 1 : -1;
  }

  public long waitingAttempts() {
    return waitingAttempts;
  }

  /** An attempt starts ({@code true}) or stops waiting for a producer's output in its container. */
  public void attemptAwaitingInputs(boolean awaiting) {
    awaitingInputs += awaiting ? 1 : -1;
  }

  /** Tasks in containers doing work now (not waiting for a producer's output), as the AMs see them. */
  public long workingTasks() {
    return busySinceMs.size() - awaitingInputs;
  }

  /** A count that grows with every allocation, assignment and attempt end. */
  public long progress() {
    return progress;
  }

  /** An AM exited still holding containers its scheduler neither ran a task in nor handed back. */
  public void containersLeaked(int count) {
    leakedContainers += count;
  }

  public long leakedContainers() {
    return leakedContainers;
  }

  public void dagEnded(DagRecord dag) {
    dags.add(dag);
  }

  /** A task was given a container at {@code nowMs}; {@code reused} if the container had run a task before. */
  public void taskAssigned(RmContainer container, boolean reused, long nowMs) {
    progress++;
    if (keepRecords) {
      tasksRun.merge(container.id(), 1, Integer::sum);
    }
    if (busySinceMs.put(container.id(), nowMs) == null) {
      busyMemoryMb += container.memoryMb();
    }
    if (reused) {
      containersReused++;
    } else {
      containersLaunched++;
    }
  }

  public void taskLeftContainer(RmContainer container, long nowMs) {
    Long since = busySinceMs.remove(container.id());
    if (since != null) {
      busyMbMs += container.memoryMb() * (nowMs - since);
      busyMemoryMb -= container.memoryMb();
    }
  }

  /** Time spent inside the scheduler's callbacks. */
  public void schedulerCall(long cpuNanos, long wallNanos) {
    schedulerCpuNanos += cpuNanos;
    schedulerWallNanos += wallNanos;
  }

  @Override
  public void containerCompleted(RmContainer c) {
    allocatedMbMs += c.memoryMb() * (c.completedMs() - c.allocatedMs());
    taskLeftContainer(c, c.completedMs()); // the RM ended it under a task: busy no longer
    if (keepRecords) {
      Integer runs = tasksRun.remove(c.id());
      containers.add(new ContainerRecord(c.id(), c.app().id(), c.host(), c.memoryMb(), c.vcores(),
          c.allocatedMs(), c.completedMs(), runs == null ? 0 : runs, c.isAmContainer()));
    }
  }

  @Override
  public void nodeLost(RmNode node, long nowMs) {
    capacityLost.add(new long[] {nowMs, node.spec().memoryMb()});
  }

  public void sample(long now, ResourceManager rm) {
    long memory = rm.liveMemoryMb();
    long vcores = rm.liveVcores();
    long usedMemory = memory - rm.freeMemoryMb();
    long usedVcores = vcores - rm.freeVcores();
    utilization.add(new UtilizationSample(now,
        memory == 0 ? 0 : (double) usedMemory / memory,
        vcores == 0 ? 0 : (double) usedVcores / vcores,
        memory == 0 ? 0 : (double) busyMemoryMb / memory));
  }

  public int dagsEnded() {
    return dags.size();
  }

  public List<DagRecord> dags() {
    return dags;
  }

  /** Every attempt so far; empty unless records are kept. */
  public List<AttemptRecord> attempts() {
    return attempts;
  }

  /**
   * @param firstMs the first arrival, where the run's figures start
   * @param endMs the last event
   */
  public RunResult result(String scheduler, String workload, long seed, ClusterCapacity capacity,
      long events, long firstMs, long endMs, long wallNanos, List<String> notes, RunHealth health) {
    long capacityMbMs = capacity.memoryMb() * (endMs - firstMs);
    for (long[] loss : capacityLost) {
      capacityMbMs -= loss[1] * Math.max(0, endMs - Math.max(firstMs, loss[0]));
    }
    containers.sort((a, b) -> Long.compare(a.id(), b.id()));
    RunCounters counters = new RunCounters(attemptCount, succeeded, nodeLocal, rackLocal, offSwitch,
        containersLaunched, containersReused, amPreemptions, rmPreemptions, workLostMs, workPreemptedMs, waitingInContainersMs, allocatedMbMs, busyMbMs,
        capacityMbMs, events, endMs - firstMs);
    return new RunResult(scheduler, workload, seed, capacity, dags, attempts, containers, utilization, counters,
        new HostCosts(schedulerCpuNanos, schedulerWallNanos, wallNanos), notes, health);
  }
}
