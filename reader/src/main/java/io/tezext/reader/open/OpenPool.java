package io.tezext.reader.open;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that open one grouped split's readers ahead, or none (each split then opens on the
 * reading thread, when the read reaches it). Daemon threads: an open still running when the task
 * ends must not keep its JVM alive (its reader is closed when the open returns).
 */
public final class OpenPool implements AutoCloseable {
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final ExecutorService threads;

  /** @param threads how many threads open ahead; 0 for none */
  public OpenPool(int threads) {
    if (threads == 0) {
      this.threads = null;
      return;
    }
    int pool = POOLS.incrementAndGet();
    AtomicInteger thread = new AtomicInteger();
    this.threads = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
        new LinkedBlockingQueue<>(), r -> {
          Thread t = new Thread(r, "tezext-reader-open-" + pool + "-" + thread.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }

  public Executor executor() {
    return threads == null ? Runnable::run : threads;
  }

  /** Takes no more opens; those running finish (and their readers are closed if unwanted). */
  @Override
  public void close() {
    if (threads != null) {
      threads.shutdown();
    }
  }

  /** Whether every open finished after {@link #close()}, waiting at most {@code millis}. */
  public boolean awaitQuiet(long millis) throws InterruptedException {
    return threads == null || threads.awaitTermination(millis, TimeUnit.MILLISECONDS);
  }
}
