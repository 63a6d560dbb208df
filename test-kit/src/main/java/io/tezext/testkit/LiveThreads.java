package io.tezext.testkit;

import java.time.Duration;
import java.util.List;

/** The threads of this JVM a test expects gone, for tests that check a component leaves none running. */
public final class LiveThreads {
  private LiveThreads() {
  }

  /**
   * The names of the live threads whose names start with {@code prefix}, after waiting up to
   * {@code bound} for them to end: empty once they all have.
   */
  @SuppressForbidden("waits in real time for real threads to end")
  public static List<String> named(String prefix, Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    List<String> alive;
    do {
      alive = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
          .filter(n -> n.startsWith(prefix)).sorted().toList();
      if (alive.isEmpty()) {
        return alive;
      }
      Thread.sleep(100);
    } while (System.nanoTime() < deadline);
    return alive;
  }
}
