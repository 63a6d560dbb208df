package io.tezext.simulator.workload;

/**
 * One DAG arriving at the cluster: when, into which YARN queue, and in which Tez session. DAGs of
 * the same session run one after another in one AM (as a Hive session does), keeping its containers;
 * a DAG with no session gets an AM of its own.
 */
public record DagSubmission(String id, long arrivalMs, String queue, String session, DagSpec dag) {

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
  }
}
