package io.tezext.simulator.metrics;

/**
 * One reported figure: a stable key (JSON, CSV), a label and unit (console), its value, and whether
 * more is better (for reading ratios against the baseline).
 */
public record Figure(String key, String label, String unit, double value, boolean higherIsBetter) {
}
