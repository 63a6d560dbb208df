package io.tezext.simulator.workload.alibaba;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.CsvInput;
import io.tezext.simulator.io.CsvInput.Row;

/**
 * Per-instance run times from {@code batch_instance}, for the jobs being replayed. The file is
 * streamed: only the durations of wanted jobs' {@code Terminated} instances are kept, and everything
 * else is counted so the workload notes can say what was not used.
 */
final class BatchInstances {
  static final String COLUMNS = "instance_name, task_name, job_name, task_type, status, start_time, end_time, "
      + "machine_id, seq_no, total_seq_no, cpu_avg, cpu_max, mem_avg, mem_max";

  /** job name -> task name -> instance durations in ms. */
  private final Map<String, Map<String, LongList>> durations = new HashMap<>();
  final Path file;
  long used;
  long notTerminated;
  long otherJobs;

  private BatchInstances(Path file) {
    this.file = file;
  }

  /**
   * Reads the durations of {@code jobs}' instances; a bad row is handed to {@code bad} with its job
   * (or an empty job name when even that is unreadable) and the read goes on if it returns.
   */
  static BatchInstances read(Path file, Set<String> jobs, BadRowHandler bad) throws IOException {
    BatchInstances instances = new BatchInstances(file);
    try (CsvInput csv = CsvInput.open(file)) {
      for (Row row : csv) {
        if (row.isHeader(COLUMNS)) {
          continue;
        }
        try {
          instances.add(row, jobs);
        } catch (BadRecordException e) {
          bad.handle(BatchTask.jobOf(row), e);
        }
      }
    }
    return instances;
  }

  private void add(Row row, Set<String> jobs) {
    row.expectColumns(14, COLUMNS);
    String job = row.text(2, "job_name");
    if (!jobs.contains(job)) {
      otherJobs++;
      return;
    }
    String task = row.text(1, "task_name");
    if (!"Terminated".equals(row.text(4, "status"))) {
      notTerminated++;
      return;
    }
    long durationMs = Span.read(row).durationMs();
    durations.computeIfAbsent(job, j -> new HashMap<>()).computeIfAbsent(task, t -> new LongList()).add(durationMs);
    used++;
  }

  /** Durations of the task's Terminated instances in file order, or null when the file has none. */
  long[] durationsMs(String job, String task) {
    LongList list = durations.getOrDefault(job, Map.of()).get(task);
    return list == null ? null : list.toArray();
  }

  /** Receives a bad row of a wanted job. */
  interface BadRowHandler {
    void handle(String job, BadRecordException e);
  }

  /** A growable long array: a trace subset can still hold millions of instances. */
  private static final class LongList {
    private long[] values = new long[4];
    private int size;

    void add(long v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    long[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
