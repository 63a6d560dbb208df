package io.tezext.scheduler.policy;

/**
 * How many idle containers a session AM would keep between its DAGs: as many as the first waves of
 * its recent DAGs asked for (the next query's first tasks then start in warm JVMs), at most
 * {@code session.held-containers}. A DAG's first wave is the tasks it asked containers for before
 * its first task finished: what a DAG asks for at once, before its later vertices start. Whether
 * YARN's headroom leaves room to keep them is {@link IdleRelease}'s to say.
 */
final class SessionPool {
  /** The DAGs the pool is sized from: enough to ride over one small query, few enough to follow a change of load. */
  private static final int DAGS_REMEMBERED = 3;

  private final int most;
  private final int[] firstWaves = new int[DAGS_REMEMBERED];
  private int dagsSeen;
  private int asked;
  private boolean firstWaveOver;

  SessionPool(int most) {
    this.most = most;
  }

  void dagStarted() {
    asked = 0;
    firstWaveOver = false;
  }

  /** A task of the running DAG asked for a container. */
  void taskAsked() {
    if (!firstWaveOver) {
      asked++;
    }
  }

  /** A task of the running DAG left its container (done, failed or preempted): the first wave is over. */
  void taskFinished() {
    firstWaveOver = true;
  }

  void dagCompleted() {
    firstWaves[dagsSeen++ % DAGS_REMEMBERED] = asked;
  }

  /** The containers to keep between DAGs: the widest recent first wave, at most {@code session.held-containers}. */
  int size() {
    int widest = 0;
    for (int i = 0; i < Math.min(dagsSeen, DAGS_REMEMBERED); i++) {
      widest = Math.max(widest, firstWaves[i]);
    }
    return Math.min(most, widest);
  }
}
