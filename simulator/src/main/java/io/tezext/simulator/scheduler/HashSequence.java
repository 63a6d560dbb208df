package io.tezext.simulator.scheduler;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hash codes for Tez's scheduler objects that would otherwise hash by identity, handed out in the
 * order the objects are first hashed. Each run's {@link RunClassLoader} holds its own copy of this
 * class, hence its own sequence: a run's hashes depend only on what the run did.
 */
public final class HashSequence {
  private static final AtomicInteger ISSUED = new AtomicInteger();

  private HashSequence() {
  }

  /** The next hash: a Fibonacci-scrambled sequence number, never 0 (0 marks "not yet hashed"). */
  public static int next() {
    int h = ISSUED.incrementAndGet() * 0x9E3779B9;
    return h != 0 ? h : 1;
  }
}
