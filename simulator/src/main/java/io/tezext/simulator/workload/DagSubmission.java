package io.tezext.simulator.workload;

/**
 * One DAG arriving at the cluster: when, into which YARN queue, and in which Tez session. DAGs of
 * the same session run one after another in one AM (as a Hive session does), keeping its containers;
 * a DAG with no session gets an AM of its own.
 *
 * <p>A session's client is closed-loop when it submits each DAG a think time after the last one
 * returned (a Hive user, or a script, running one query after another: a Tez session runs one DAG
 * at a time). Such a DAG has {@code thinkMs} of zero or more and arrives {@code thinkMs} after the
 * session's previous DAG (in arrival order) ended, however long that took; {@code arrivalMs} is then
 * only when it was submitted where it was recorded, and places it in the session's order. The
 * session's first DAG, and every DAG with {@link #OPEN_LOOP}, arrive at {@code arrivalMs} whatever
 * the session does, waiting in its AM if the last DAG is still running.
 */
public record DagSubmission(String id, long arrivalMs, String queue, String session, DagSpec dag, long thinkMs) {
  /** {@code thinkMs} of a DAG that arrives at its own time, not after its session's previous DAG. */
  public static final long OPEN_LOOP = -1;

  public DagSubmission {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("DAG submission needs an id");
    }
    Workload.checkedTime("DAG " + id + ": arrival", arrivalMs);
    if (queue == null || queue.isBlank()) {
      queue = "default";
    }
    if (session != null && session.isBlank()) {
      session = null;
    }
    if (thinkMs != OPEN_LOOP) {
      Workload.checkedTime("DAG " + id + ": think time (thinkMs; leave it out for a DAG that arrives at its own time)",
          thinkMs);
      if (session == null) {
        throw new IllegalArgumentException("DAG " + id + ": a think time (thinkMs " + thinkMs + ") follows the previous "
            + "DAG of the same session, and this DAG has no session");
      }
    }
  }

  /** A DAG that arrives at its own time. */
  public DagSubmission(String id, long arrivalMs, String queue, String session, DagSpec dag) {
    this(id, arrivalMs, queue, session, dag, OPEN_LOOP);
  }

  /** Whether this DAG follows its session's previous one (if it has one) by {@link #thinkMs}. */
  public boolean closedLoop() {
    return thinkMs != OPEN_LOOP;
  }

  /** This submission with another DAG. */
  public DagSubmission withDag(DagSpec other) {
    return new DagSubmission(id, arrivalMs, queue, session, other, thinkMs);
  }
}
