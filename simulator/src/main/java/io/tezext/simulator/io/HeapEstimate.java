package io.tezext.simulator.io;

import java.util.Locale;

/**
 * Whether a workload fits the heap, told before it is built: a trace row can ask for billions of
 * task instances, and the reader would otherwise run out of memory without a word.
 */
public final class HeapEstimate {
  /** Heap per task instance over a whole replay, measured: sim-replay's 2.07 million peaked at 658 MB. */
  static final long BYTES_PER_TASK = 320;
  private static final double GB = 1 << 30;

  private HeapEstimate() {
  }

  /**
   * Fails, naming {@code what} and the setting to raise, if {@code tasks} task instances would not
   * fit this JVM's heap.
   */
  public static void requireRoomFor(long tasks, String what) {
    double need = (double) tasks * BYTES_PER_TASK;
    long have = Runtime.getRuntime().maxMemory();
    if (need > have) {
      throw new InputFileException(String.format(Locale.ROOT, "%s: %,d task instances; replaying them takes about "
          + "%.1f GB of heap, more than this JVM's %.1f GB: set TEZEXT_SIM_HEAP (for example "
          + "TEZEXT_SIM_HEAP=%dg) or replay a part of the trace", what, tasks, need / GB, have / GB,
          (long) Math.ceil(need * 1.5 / GB)));
    }
  }
}
