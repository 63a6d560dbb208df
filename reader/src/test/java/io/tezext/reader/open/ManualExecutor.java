package io.tezext.reader.open;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/** Runs nothing until told: the test decides which submitted open finishes when. */
final class ManualExecutor implements Executor {
  private final List<Runnable> queued = new ArrayList<>();

  @Override
  public void execute(Runnable task) {
    queued.add(task);
  }

  int queued() {
    return queued.size();
  }

  /** Runs the {@code i}-th task still queued (0 = the oldest). */
  void run(int i) {
    queued.remove(i).run();
  }

  /** Runs every queued task, newest first, and any they queue. */
  void runAllNewestFirst() {
    while (!queued.isEmpty()) {
      run(queued.size() - 1);
    }
  }
}
