package io.tezext.simulator.workload.alibaba;

import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.CsvInput.Row;

/** One row of {@code batch_task}: a task of a batch job, with its instance count, span and plan. */
record BatchTask(String where, TaskName name, String job, int instances, boolean terminated, Span span,
    double planCpu, double planMem) {
  static final String COLUMNS =
      "task_name, instance_num, job_name, task_type, status, start_time, end_time, plan_cpu, plan_mem";

  /** The job a row belongs to, if that much of it is readable: a bad row then skips its whole job. */
  static String jobOf(Row row) {
    return row.record().size() > 2 ? row.record().get(2) : "";
  }

  /** Parses a row; a task that did not end {@code Terminated} keeps only its name, job and status (span null). */
  static BatchTask parse(Row row) {
    row.expectColumns(9, COLUMNS);
    String job = row.text(2, "job_name");
    TaskName name;
    try {
      name = TaskName.parse(row.text(0, "task_name"));
    } catch (IllegalArgumentException e) {
      throw new BadRecordException(row.where() + " column 1 (task_name): " + e.getMessage());
    }
    if (!"Terminated".equals(row.text(4, "status"))) {
      return new BatchTask(row.where(), name, job, 0, false, null, 0, 0);
    }
    long instances = row.longValue(1, "instance_num");
    if (instances < 1) {
      throw row.bad(1, "instance_num", "at least 1 instance", Long.toString(instances));
    }
    if (instances > Integer.MAX_VALUE) {
      throw row.bad(1, "instance_num", "at most " + Integer.MAX_VALUE + " instances", Long.toString(instances));
    }
    Span span = Span.read(row);
    double cpu = row.doubleValue(7, "plan_cpu");
    if (cpu <= 0) {
      throw row.bad(7, "plan_cpu", "a positive share (100 = one core)", Double.toString(cpu));
    }
    double mem = row.doubleValue(8, "plan_mem");
    if (mem <= 0 || mem > 100) {
      throw row.bad(8, "plan_mem", "a share of machine memory in (0, 100]", Double.toString(mem));
    }
    return new BatchTask(row.where(), name, job, (int) instances, true, span, cpu, mem);
  }
}
