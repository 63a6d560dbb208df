package io.tezext.simulator.am;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.serviceplugins.api.DagInfo;

/**
 * The AM side of the scheduler plugin contract. Callbacks that would make the real AM act (a task
 * got a container, a container is preempted or completed) are handed to {@link SimAm}, which queues
 * them as events: like the real AM's dispatcher, it never calls back into the scheduler from inside
 * a scheduler callback.
 */
final class SimTaskSchedulerContext extends SimulatedAmContext {
  private final SimAm am;

  SimTaskSchedulerContext(SimAm am, UserPayload payload, ApplicationAttemptId attemptId) {
    super(payload, attemptId, "simulated-am");
    this.am = am;
  }

  @Override
  public void taskAllocated(Object task, Object appCookie, Container container) {
    am.taskAllocated((SimAttempt) task, container);
  }

  @Override
  public void containerCompleted(Object taskLastAllocated, ContainerStatus containerStatus) {
    am.containerCompleted((SimAttempt) taskLastAllocated, containerStatus);
  }

  @Override
  public void appShutdownRequested() {
  }

  @Override
  public void preemptContainer(ContainerId containerId) {
    am.preemptContainer(containerId);
  }

  @Override
  public float getProgress() {
    return am.progress();
  }

  @Override
  public boolean isSession() {
    return am.isSession();
  }

  @Override
  public AMState getAMState() {
    return am.amState();
  }

  @Override
  public int getVertexIndexForTask(Object task) {
    return ((SimAttempt) task).vertex().index;
  }

  @Override
  public DagInfo getCurrentDagInfo() {
    return am.currentDag();
  }
}
