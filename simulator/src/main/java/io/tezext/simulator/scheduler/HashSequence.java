package io.tezext.simulator.scheduler;

/**
 * Hash codes for Tez's scheduler objects that would otherwise hash by identity, handed out in the
 * order a run first hashes them. Each {@link RunClassLoader} holds its own copy of this class, and
 * the sequence is per thread, restarted at the beginning of each run: runs sharing a loader (and
 * its compiled code) on different threads, or one after another on one thread, hash alike.
 */
public final class HashSequence {
  private static final ThreadLocal<int[]> ISSUED = ThreadLocal.withInitial(() -> new int[1]);

  private HashSequence() {
  }

  /** The next hash: a Fibonacci-scrambled sequence number, never 0 (0 marks "not yet hashed"). */
  public static int next() {
    int h = ++ISSUED.get()[0] * 0x9E3779B9;
    return h != 0 ? h : 1;
  }

  /** Restarts this thread's sequence: a run begins. */
  public static void restart() {
    ISSUED.get()[0] = 0;
  }
}
