package io.tezext.simulator.metrics;

/**
 * What a run adds up as it goes, so that its figures need no per-attempt records. Everything here
 * is simulated, hence reproducible; what the host measured is in {@link HostCosts}.
 *
 * @param attempts task attempts that ended, however they ended
 * @param tasksSucceeded attempts that succeeded
 * @param nodeLocal succeeded attempts with an HDFS location preference that ran on one of its hosts
 * @param rackLocal ... that ran on another host of one of its racks
 * @param offSwitch ... that ran on another rack
 * @param containersLaunched task containers started cold (a new JVM)
 * @param containersReused task attempts that ran in a container that had already run a task
 * @param amPreemptions containers the AM's scheduler preempted
 * @param rmPreemptions containers the ResourceManager preempted
 * @param workLostMs work thrown away by preemption, failures and lost nodes: what killed attempts had
 *     done in their containers, not their waits for producers
 * @param workPreemptedMs the part of it thrown away by the AM's own preemptions
 * @param waitingInContainersMs time attempts held containers waiting for producers (a broadcast to
 *     load, the last shuffle producers), whatever became of them: the cost of scheduling early
 * @param allocatedMbMs memory allocated to containers (AMs' included), integrated over time
 * @param busyMbMs memory of containers while they run a task, integrated over time
 * @param capacityMbMs the live nodes' memory integrated over the run
 * @param events events the simulator processed
 * @param simulatedMs virtual time from the first arrival to the last event
 */
public record RunCounters(
    long attempts,
    long tasksSucceeded,
    long nodeLocal,
    long rackLocal,
    long offSwitch,
    long containersLaunched,
    long containersReused,
    long amPreemptions,
    long rmPreemptions,
    long workLostMs,
    long workPreemptedMs,
    long waitingInContainersMs,
    long allocatedMbMs,
    long busyMbMs,
    long capacityMbMs,
    long events,
    long simulatedMs) {
}
