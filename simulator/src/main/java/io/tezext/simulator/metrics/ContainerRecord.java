package io.tezext.simulator.metrics;

/** One YARN container an AM held: where, how big, for how long, and how many tasks it ran. */
public record ContainerRecord(
    long id,
    String appId,
    String host,
    int memoryMb,
    int vcores,
    long allocatedMs,
    long releasedMs,
    int tasksRun,
    boolean amContainer) {
}
