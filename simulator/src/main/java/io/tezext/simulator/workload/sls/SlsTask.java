package io.tezext.simulator.workload.sls;

import io.tezext.simulator.io.BadRecordException;

/**
 * One entry of an SLS job's {@code job.tasks}: {@code count} containers of one type, size and run
 * time, optionally on a host. Keys and defaults are those of Hadoop's SLS ({@code TaskContainerDefinition}):
 * the run time is {@code container.duration.ms}, else {@code duration.ms}, else end minus start.
 */
record SlsTask(String type, int count, long durationMs, String host, int memoryMb, int vcores) {
  static final String MAP = "map";
  static final String REDUCE = "reduce";
  /** SLS's {@code yarn.sls.container.memory.mb} and {@code yarn.sls.container.vcores} defaults. */
  static final int DEFAULT_MEMORY_MB = 1024;
  static final int DEFAULT_VCORES = 1;

  /** More containers of one task entry than any trace needs; a larger count is a typo that would exhaust memory. */
  static final long MAX_COUNT = 1_000_000;

  static SlsTask parse(SlsFields task) {
    String type = task.text("container.type", MAP);
    if (!type.equals(MAP) && !type.equals(REDUCE)) {
      throw task.bad("container.type", "'map' or 'reduce'", type);
    }
    long count = task.positiveLong("count", 1);
    long duration = task.has("container.duration.ms") ? task.positiveLong("container.duration.ms", 0)
        : task.has("duration.ms") ? task.positiveLong("duration.ms", 0) : spanMs(task);
    long memory = task.has("container.memory-mb") ? task.positiveLong("container.memory-mb", 0)
        : task.positiveLong("container.memory", DEFAULT_MEMORY_MB);
    long vcores = task.positiveLong("container.vcores", DEFAULT_VCORES);
    if (count > MAX_COUNT) {
      throw task.bad("count", String.format(java.util.Locale.ROOT, "at most %,d containers", MAX_COUNT),
          Long.toString(count));
    }
    if (memory > Integer.MAX_VALUE) {
      throw task.bad(task.has("container.memory-mb") ? "container.memory-mb" : "container.memory",
          "at most " + Integer.MAX_VALUE + " MB", Long.toString(memory));
    }
    if (vcores > Integer.MAX_VALUE) {
      throw task.bad("container.vcores", "at most " + Integer.MAX_VALUE, Long.toString(vcores));
    }
    return new SlsTask(type, (int) count, duration, host(task.text("container.host", "")), (int) memory,
        (int) vcores);
  }

  private static long spanMs(SlsFields task) {
    if (!task.has("container.start.ms") || !task.has("container.end.ms")) {
      throw new BadRecordException(task.where() + ": no run time: expected container.duration.ms, duration.ms, "
          + "or container.start.ms and container.end.ms");
    }
    long start = task.nonNegativeLong("container.start.ms");
    long end = task.nonNegativeLong("container.end.ms");
    if (end <= start) {
      throw task.bad("container.end.ms", "a time after container.start.ms " + start, Long.toString(end));
    }
    return end - start;
  }

  /** SLS names hosts {@code /rack/host}; the scenario places hosts in racks itself. */
  private static String host(String value) {
    return value.substring(value.lastIndexOf('/') + 1);
  }
}
