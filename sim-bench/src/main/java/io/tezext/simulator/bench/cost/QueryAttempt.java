package io.tezext.simulator.bench.cost;

/**
 * One task attempt the sched-cost AM asks a container for. It hashes by identity, as Tez's
 * {@code TaskAttemptImpl} does, since both schedulers key their maps by the task object.
 */
final class QueryAttempt {
  final int vertex;
  final int priority;
  /** The hosts holding its split's replicas; null for a task that reads shuffled data. */
  final String[] hosts;
  final boolean rerun;

  QueryAttempt(int vertex, int priority, String[] hosts, boolean rerun) {
    this.vertex = vertex;
    this.priority = priority;
    this.hosts = hosts;
    this.rerun = rerun;
  }

  @Override
  public String toString() {
    return "attempt of vertex " + vertex + " at priority " + priority + (rerun ? " (re-run)" : "");
  }
}
