package io.tezext.simulator.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.tezext.simulator.cluster.ClusterObserver;
import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.cluster.RmContainer;

/** Collects the raw records and counters of one run as the simulation produces them. */
public final class RunRecorder implements ClusterObserver {
  private final List<AttemptRecord> attempts = new ArrayList<>();
  private final List<DagRecord> dags = new ArrayList<>();
  private final List<ContainerRecord> containers = new ArrayList<>();
  private final List<UtilizationSample> utilization = new ArrayList<>();
  private final Map<Long, Integer> tasksRun = new HashMap<>();
  /** Containers running a task now, as the AM sees it (a killed container stays here until the AM hears). */
  private final Set<Long> busyContainers = new HashSet<>();
  private long containersLaunched;
  private long containersReused;
  private long amPreemptions;
  private long rmPreemptions;
  private long workLostMs;
  private long schedulerCpuNanos;

  public void attemptEnded(AttemptRecord attempt) {
    attempts.add(attempt);
    if (attempt.outcome() != AttemptOutcome.SUCCEEDED && attempt.startMs() >= 0) {
      workLostMs += attempt.endMs() - attempt.startMs();
    }
    if (attempt.outcome() == AttemptOutcome.PREEMPTED_BY_AM) {
      amPreemptions++;
    } else if (attempt.outcome() == AttemptOutcome.PREEMPTED_BY_RM) {
      rmPreemptions++;
    }
  }

  public void dagEnded(DagRecord dag) {
    dags.add(dag);
  }

  /** A task was given a container; {@code reused} if the container had run a task before. */
  public void taskAssigned(long containerId, boolean reused) {
    tasksRun.merge(containerId, 1, Integer::sum);
    busyContainers.add(containerId);
    if (reused) {
      containersReused++;
    } else {
      containersLaunched++;
    }
  }

  public void taskLeftContainer(long containerId) {
    busyContainers.remove(containerId);
  }

  public void schedulerCpu(long nanos) {
    schedulerCpuNanos += nanos;
  }

  @Override
  public void containerCompleted(RmContainer c) {
    Integer runs = tasksRun.remove(c.id());
    containers.add(new ContainerRecord(c.id(), c.app().id(), c.host(), c.memoryMb(), c.vcores(),
        c.allocatedMs(), c.completedMs(), runs == null ? 0 : runs, c.isAmContainer()));
  }

  public void sample(long now, ResourceManager rm) {
    long memory = rm.liveMemoryMb();
    long vcores = rm.liveVcores();
    long usedMemory = memory - rm.freeMemoryMb();
    long usedVcores = 0;
    long busyMemoryMb = 0;
    for (RmContainer c : rm.liveContainers()) {
      usedVcores += c.vcores();
      if (busyContainers.contains(c.id())) {
        busyMemoryMb += c.memoryMb(); // live containers only: busy never exceeds allocated
      }
    }
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

  public List<AttemptRecord> attempts() {
    return attempts;
  }

  public RunResult result(String scheduler, String workload, long seed, ClusterCapacity capacity,
      long events, long simulatedMs, long wallNanos, List<String> notes) {
    List<ContainerRecord> sortedContainers = new ArrayList<>(containers);
    sortedContainers.sort((a, b) -> Long.compare(a.id(), b.id()));
    RunCounters counters = new RunCounters(containersLaunched, containersReused, amPreemptions, rmPreemptions,
        workLostMs, schedulerCpuNanos, events, simulatedMs, wallNanos);
    return new RunResult(scheduler, workload, seed, capacity, dags, attempts, sortedContainers, utilization,
        counters, notes);
  }
}
