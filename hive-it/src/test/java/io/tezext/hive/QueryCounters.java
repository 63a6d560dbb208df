package io.tezext.hive;

import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.tez.TezTask;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.tez.common.counters.TezCounters;

/**
 * A post-execution hook ({@code hive.exec.post.hooks}) that keeps the counters of the Tez DAGs the
 * last query on this thread ran, where {@link HiveOnTez} reads them: the driver lets go of its plan
 * once the query is done.
 */
public final class QueryCounters implements ExecuteWithHookContext {
  private static final ThreadLocal<TezCounters> LAST = ThreadLocal.withInitial(TezCounters::new);

  @Override
  public void run(HookContext context) {
    TezCounters counters = new TezCounters();
    for (TezTask task : Utilities.getTezTasks(context.getQueryPlan().getRootTasks())) {
      if (task.getTezCounters() != null) {
        counters.incrAllCounters(task.getTezCounters());
      }
    }
    LAST.set(counters);
  }

  /** The counters of the last query's DAGs, and forgets them. */
  static TezCounters take() {
    TezCounters counters = LAST.get();
    LAST.set(new TezCounters());
    return counters;
  }
}
