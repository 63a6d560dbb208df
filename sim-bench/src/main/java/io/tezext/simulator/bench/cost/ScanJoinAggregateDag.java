package io.tezext.simulator.bench.cost;

import java.util.BitSet;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Credentials;
import org.apache.tez.serviceplugins.api.DagInfo;

/**
 * The query the sched-cost AM runs, shaped like a TPC-DS report query:
 *
 * <pre>
 *   0 scan sales   ──┐
 *                    ├── 3 join ──┐
 *   1 scan returns ──┘            ├── 4 aggregate
 *   2 scan items   ───────────────┘
 * </pre>
 *
 * Both schedulers read its shape through {@link DagInfo#getVertexDescendants}: a waiting scan blocks
 * the join and the aggregate below it (neither scheduler hands them containers, and both would
 * preempt them for it), so the descendants have to be the real transitive ones.
 */
final class ScanJoinAggregateDag implements DagInfo {
  static final int SCAN_SALES = 0;
  static final int SCAN_RETURNS = 1;
  static final int SCAN_ITEMS = 2;
  static final int JOIN = 3;
  static final int AGGREGATE = 4;

  /** The producers of each vertex; a producer always has a lower index than its consumer. */
  private static final int[][] INPUTS = {{}, {}, {}, {SCAN_SALES, SCAN_RETURNS}, {JOIN, SCAN_ITEMS}};

  private final BitSet[] descendants = new BitSet[INPUTS.length];
  private final int[] distanceFromRoot = new int[INPUTS.length];
  private final Configuration conf = new Configuration(false);

  ScanJoinAggregateDag() {
    for (int v = 0; v < INPUTS.length; v++) {
      descendants[v] = new BitSet();
      for (int producer : INPUTS[v]) {
        distanceFromRoot[v] = Math.max(distanceFromRoot[v], distanceFromRoot[producer] + 1);
      }
    }
    // Consumers come after their producers, so walking backwards sees every consumer's set complete.
    for (int v = INPUTS.length - 1; v >= 0; v--) {
      for (int producer : INPUTS[v]) {
        descendants[producer].set(v);
        descendants[producer].or(descendants[v]);
      }
    }
  }

  /**
   * Tez's natural-order priority ({@code DAGSchedulerNaturalOrder}): the low limit is
   * (distanceFromRoot + 1) * vertices * 3 + vertex * 3; first attempts ask at low - 1, re-runs at
   * low - 2 ({@code tez.task.reschedule.higher.priority}). Lower numbers are served first.
   */
  int priority(int vertex, boolean rerun) {
    int low = (distanceFromRoot[vertex] + 1) * INPUTS.length * 3 + vertex * 3;
    return rerun ? low - 2 : low - 1;
  }

  @Override
  public int getIndex() {
    return 1;
  }

  @Override
  public String getName() {
    return "sched-cost scan-join-aggregate";
  }

  @Override
  public Credentials getCredentials() {
    return new Credentials();
  }

  @Override
  public int getTotalVertices() {
    return INPUTS.length;
  }

  @Override
  public BitSet getVertexDescendants(int vertex) {
    return (BitSet) descendants[vertex].clone(); // callers own what they get, as from Tez's DAG
  }

  /** No DAG-level settings: each scheduler runs its defaults. */
  @Override
  public Configuration getConf() {
    return conf;
  }
}
