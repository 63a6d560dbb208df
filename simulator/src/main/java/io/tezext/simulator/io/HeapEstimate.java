package io.tezext.simulator.io;

import java.util.Locale;

/**
 * Whether a workload fits the heap, told before it is built: a trace row can ask for billions of
 * task instances, and a large trace file holds more rows than the heap, so the reader would
 * otherwise run out of memory without a word, or first keep the collector busy for minutes.
 *
 * @param heapBytes the heap a workload may fill (this JVM's maximum; smaller in tests)
 */
public record HeapEstimate(long heapBytes) {
  /**
   * Heap a task instance certainly takes, measured: sim-speed's day of 5.86 million (26,000 small
   * DAGs) peaked at 552 MB, 94 bytes each. A replay whose tasks are mostly live at once holds more
   * (sim-replay's 2.07 million peaked at 658 MB, 320 each), so this refuses what cannot fit and
   * never what can; a workload near the limit may still run out.
   */
  static final long BYTES_PER_TASK = 90;
  /**
   * Heap per trace row a reader holds until the workload is built (an Alibaba batch_task row: the
   * task, its name, job, span and where it was read), measured: 1 million rows of 49 bytes, four
   * per job, read from an 87-character path, held 398 MB.
   */
  public static final long BYTES_PER_ROW = 400;
  /**
   * Heap per node of a scenario in one run (the ResourceManager's node, its rack and host entries,
   * the schedulers' view of it), measured: a run on 400,000 nodes finished in a 256 MB heap and
   * not in 160 MB.
   */
  static final long BYTES_PER_NODE = 600;
  /** Rows read before the whole file's need is projected from them. */
  static final long PROJECT_AFTER_ROWS = 10_000;
  private static final double GB = 1 << 30;

  /** This JVM's heap. */
  public static HeapEstimate ofThisJvm() {
    return new HeapEstimate(Runtime.getRuntime().maxMemory());
  }

  /**
   * Fails, naming {@code what} and the setting to raise, if {@code tasks} task instances would not
   * fit this JVM's heap.
   */
  public void requireRoomFor(long tasks, String what) {
    requireRoomFor(tasks, what, "replay a part of the trace");
  }

  /** As {@link #requireRoomFor(long, String)}, {@code smaller} the other way out ("give fewer --dags"). */
  public void requireRoomFor(long tasks, String what, String smaller) {
    double need = (double) tasks * BYTES_PER_TASK;
    if (need > heapBytes) {
      throw new InputFileException(String.format(Locale.ROOT, "%s: %,d task instances; replaying them takes about "
          + "%s of heap, %s", what, tasks, size(need), advice(need, smaller)));
    }
  }

  /**
   * Fails, naming {@code what} and the setting to raise, if a cluster of {@code nodes} nodes would
   * not fit this JVM's heap, before any of it is built.
   */
  public void requireRoomForNodes(long nodes, String what) {
    double need = (double) nodes * BYTES_PER_NODE;
    if (need > heapBytes) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %,d nodes; simulating them takes about "
          + "%s of heap, %s", what, nodes, size(need), advice(need, "simulate fewer nodes")));
    }
  }

  /**
   * Checked as a trace is read, row by row: fails once the rows held and the task instances read so
   * far would not fit, or, after the first {@value #PROJECT_AFTER_ROWS} rows, once the whole file
   * would not at the rate of its part read ({@code fractionRead} of its bytes), so that a trace too
   * large for the heap fails in its first percent instead of after minutes of garbage collection.
   *
   * @param where the file and line read last, for the message
   */
  public void requireRoomWhileReading(long rows, long tasks, double fractionRead, String where) {
    double need = (double) rows * BYTES_PER_ROW + (double) tasks * BYTES_PER_TASK;
    if (need > heapBytes) {
      throw new InputFileException(String.format(Locale.ROOT, "%s: the %,d rows read so far, with %,d task "
          + "instances, take about %s of heap to replay, %s", where, rows, tasks, size(need),
          advice(need, "replay a part of the trace")));
    }
    if (rows >= PROJECT_AFTER_ROWS && fractionRead > 0 && fractionRead < 1) {
      double projected = need / fractionRead;
      if (projected > heapBytes) {
        throw new InputFileException(String.format(Locale.ROOT, "%s: the whole file would take about %s of heap "
            + "to replay (%,d rows with %,d task instances in its first %.1f%%), %s", where, size(projected), rows,
            tasks, fractionRead * 100, advice(projected, "replay a part of the trace")));
      }
    }
  }

  private String advice(double need, String smaller) {
    return String.format(Locale.ROOT, "more than this JVM's %s: set TEZEXT_SIM_HEAP (for example "
        + "TEZEXT_SIM_HEAP=%dg) or %s", size(heapBytes), (long) Math.ceil(need * 1.5 / GB), smaller);
  }

  /** Bytes in GB to a tenth, or in MB below a gigabyte (where "0.0 GB" would say nothing). */
  private static String size(double bytes) {
    return bytes >= GB ? String.format(Locale.ROOT, "%.1f GB", bytes / GB)
        : String.format(Locale.ROOT, "%,d MB", Math.round(bytes / (1 << 20)));
  }
}
