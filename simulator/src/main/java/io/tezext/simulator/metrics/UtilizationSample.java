package io.tezext.simulator.metrics;

/**
 * Cluster use at one instant: the fraction of memory and vcores allocated to containers, and the
 * fraction of memory in containers that are running a task right now (the rest is idle but held).
 */
public record UtilizationSample(long timeMs, double allocatedMemory, double allocatedVcores, double busyMemory) {
}
