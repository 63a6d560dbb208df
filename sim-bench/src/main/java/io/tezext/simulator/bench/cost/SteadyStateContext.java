package io.tezext.simulator.bench.cost;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.serviceplugins.api.DagInfo;

import io.tezext.simulator.am.SimulatedAmContext;

/**
 * The AM side of the scheduler plugin contract for sched-cost: what a scheduler reads (the DAG, the
 * task's vertex, its configuration, the AM's state) and the callbacks it makes, handed to
 * {@link SteadyStateAm}, which records them and acts on them only after the scheduler's call has
 * returned, as the real AM's dispatcher does.
 */
final class SteadyStateContext extends SimulatedAmContext {
  private final SteadyStateAm am;
  private final DagInfo dag;

  SteadyStateContext(SteadyStateAm am, UserPayload payload, ApplicationAttemptId attemptId, DagInfo dag) {
    super(payload, attemptId, "sched-cost-am");
    this.am = am;
    this.dag = dag;
  }

  @Override
  public void taskAllocated(Object task, Object appCookie, Container container) {
    am.taskAllocated((QueryAttempt) task, container);
  }

  @Override
  public void containerCompleted(Object taskLastAllocated, ContainerStatus containerStatus) {
    am.containerCompleted((QueryAttempt) taskLastAllocated, containerStatus);
  }

  @Override
  public void appShutdownRequested() {
    throw new IllegalStateException("the scheduler asked the AM to shut down in the middle of a benchmark");
  }

  @Override
  public void preemptContainer(ContainerId containerId) {
    am.preemptionRequested(containerId);
  }

  @Override
  public float getProgress() {
    return 0.5f;
  }

  @Override
  public boolean isSession() {
    return false;
  }

  @Override
  public AMState getAMState() {
    return AMState.RUNNING_APP;
  }

  @Override
  public int getVertexIndexForTask(Object task) {
    return ((QueryAttempt) task).vertex;
  }

  @Override
  public DagInfo getCurrentDagInfo() {
    return dag;
  }
}
