package io.tezext.simulator.workload.alibaba;

import io.tezext.simulator.io.CsvInput.Row;

/** When a task or instance ran, in trace seconds: {@code start_time} and {@code end_time}, columns 6 and 7 of both files. */
record Span(long startS, long endS) {
  static Span read(Row row) {
    long start = row.longValue(5, "start_time");
    long end = row.longValue(6, "end_time");
    if (start < 0) {
      throw row.bad(5, "start_time", "seconds >= 0", Long.toString(start));
    }
    long maxS = io.tezext.simulator.workload.Workload.MAX_TIME_MS / 1000;
    if (end > maxS) {
      throw row.bad(6, "end_time", "seconds <= " + maxS + " (the simulator's clock bound, 2^50 ms)", Long.toString(end));
    }
    if (end < start) {
      throw row.bad(6, "end_time", "seconds >= start_time " + start, Long.toString(end));
    }
    return new Span(start, end);
  }

  long durationMs() {
    return (endS - startS) * 1000;
  }
}
