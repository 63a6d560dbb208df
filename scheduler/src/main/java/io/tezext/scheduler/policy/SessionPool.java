package io.tezext.scheduler.policy;

/**
 * How many idle containers a session AM would keep between its DAGs, and how long it keeps them
 * whatever the queue. As many as the first waves of its recent DAGs asked for (the next query's
 * first tasks then start in warm JVMs), at most {@code session.held-containers}. A DAG's first wave
 * is the tasks it asked containers for before its first task finished: what a DAG asks for at once,
 * before its later vertices start.
 *
 * <p>A session whose client runs one query after another (a script, a BI tool, a HiveServer2 pool)
 * pauses seconds between its DAGs; a container given back in the pause costs the next query a cold
 * JVM, and whichever application took the room another cold JVM for a task or two. So while the
 * session's last pauses (a DAG's end to the next DAG's first request) were all at most
 * {@code session.pause-hold-ms}, the pool is kept from a DAG's end for as long as the longest of
 * them, crowded queue or not; a session whose pauses are longer (a person at a prompt) keeps its
 * pool only while YARN's headroom has room for it, which is {@link IdleRelease}'s to say.
 */
final class SessionPool {
  /** The DAGs the pool is sized from: enough to ride over one small query, few enough to follow a change of load. */
  private static final int DAGS_REMEMBERED = 3;

  private final int most;
  private final long longestHeldPauseMs;
  private final int[] firstWaves = new int[DAGS_REMEMBERED];
  private final long[] pausesMs = new long[DAGS_REMEMBERED];
  private int dagsSeen;
  private int pausesSeen;
  private int asked;
  private boolean firstWaveOver;
  /** When the last DAG ended, while the session has not asked for a container since; else -1. */
  private long pauseSinceMs = -1;

  SessionPool(int most, long longestHeldPauseMs) {
    this.most = most;
    this.longestHeldPauseMs = longestHeldPauseMs;
  }

  void dagStarted() {
    asked = 0;
    firstWaveOver = false;
  }

  /** A task of the running DAG asked for a container: the first after a DAG's end ends the session's pause. */
  void taskAsked(long nowMs) {
    if (pauseSinceMs >= 0) {
      pausesMs[pausesSeen++ % DAGS_REMEMBERED] = nowMs - pauseSinceMs;
      pauseSinceMs = -1;
    }
    if (!firstWaveOver) {
      asked++;
    }
  }

  /** A task of the running DAG left its container (done, failed or preempted): the first wave is over. */
  void taskFinished() {
    firstWaveOver = true;
  }

  void dagCompleted(long nowMs) {
    firstWaves[dagsSeen++ % DAGS_REMEMBERED] = asked;
    pauseSinceMs = nowMs;
  }

  /** The containers to keep between DAGs: the widest recent first wave, at most {@code session.held-containers}. */
  int size() {
    int widest = 0;
    for (int i = 0; i < Math.min(dagsSeen, DAGS_REMEMBERED); i++) {
      widest = Math.max(widest, firstWaves[i]);
    }
    return Math.min(most, widest);
  }

  /**
   * Until when, in the pause after a DAG, the pool is kept whatever the queue: the DAG's end plus the
   * longest of the session's last pauses, if all of them were short enough; {@link Long#MIN_VALUE}
   * outside a pause, before the session has paused, or when its pauses are long.
   */
  long keptUntilMs() {
    if (pauseSinceMs < 0 || pausesSeen == 0) {
      return Long.MIN_VALUE;
    }
    long longest = 0;
    for (int i = 0; i < Math.min(pausesSeen, DAGS_REMEMBERED); i++) {
      longest = Math.max(longest, pausesMs[i]);
    }
    return longest <= longestHeldPauseMs ? pauseSinceMs + longest : Long.MIN_VALUE;
  }
}
