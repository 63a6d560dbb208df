package io.tezext.reader.grouped;

import java.util.function.LongSupplier;

import io.tezext.reader.SuppressForbidden;

/** Monotonic nanoseconds in a task: what the reader times its waits for opens with. */
public final class TaskClock implements LongSupplier {
  public static final TaskClock INSTANCE = new TaskClock();

  private TaskClock() {
  }

  @Override
  @SuppressForbidden("the production clock the reader is given; tests give their own")
  public long getAsLong() {
    return System.nanoTime();
  }
}
