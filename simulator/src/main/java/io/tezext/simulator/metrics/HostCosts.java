package io.tezext.simulator.metrics;

/**
 * What a run cost the host it ran on: measurements, not simulation, so they vary from run to run
 * and stay out of everything the determinism guarantee covers.
 *
 * @param schedulerCpuNanos CPU time of the run's thread inside the scheduler's callbacks
 * @param schedulerWallNanos wall time inside the scheduler's callbacks
 * @param wallNanos wall time of the whole run
 */
public record HostCosts(long schedulerCpuNanos, long schedulerWallNanos, long wallNanos) {
}
