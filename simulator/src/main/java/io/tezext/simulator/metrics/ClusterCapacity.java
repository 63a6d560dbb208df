package io.tezext.simulator.metrics;

/** The cluster's size, which bounds how fast any scheduler can get through the work. */
public record ClusterCapacity(int nodes, int racks, long memoryMb, long vcores) {
}
