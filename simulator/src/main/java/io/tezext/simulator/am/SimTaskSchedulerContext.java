package io.tezext.simulator.am;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.ApplicationAccessType;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.common.ContainerSignatureMatcher;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.serviceplugins.api.DagInfo;
import org.apache.tez.serviceplugins.api.ServicePluginError;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;

/**
 * The AM side of the scheduler plugin contract. Callbacks that would make the real AM act (a task
 * got a container, a container is preempted or completed) are handed to {@link SimAm}, which queues
 * them as events: like the real AM's dispatcher, it never calls back into the scheduler from inside
 * a scheduler callback.
 */
final class SimTaskSchedulerContext implements TaskSchedulerContext {
  private final SimAm am;
  private final UserPayload payload;
  private final ApplicationAttemptId attemptId;

  SimTaskSchedulerContext(SimAm am, UserPayload payload, ApplicationAttemptId attemptId) {
    this.am = am;
    this.payload = payload;
    this.attemptId = attemptId;
  }

  @Override
  public void taskAllocated(Object task, Object appCookie, Container container) {
    am.taskAllocated((SimAttempt) task, container);
  }

  @Override
  public void containerAllocated(Container container) {
  }

  @Override
  public void containerReused(Container container) {
  }

  @Override
  public void containerCompleted(Object taskLastAllocated, ContainerStatus containerStatus) {
    am.containerCompleted((SimAttempt) taskLastAllocated, containerStatus);
  }

  @Override
  public void containerBeingReleased(ContainerId containerId) {
  }

  @Override
  public void nodesUpdated(List<NodeReport> updatedNodes) {
  }

  @Override
  public void appShutdownRequested() {
  }

  @Override
  public void setApplicationRegistrationData(Resource maxContainerCapability,
      Map<ApplicationAccessType, String> appAcls, ByteBuffer clientAMSecretKey, String queueName) {
  }

  @Override
  public void preemptContainer(ContainerId containerId) {
    am.preemptContainer(containerId);
  }

  @Override
  public AppFinalStatus getFinalAppStatus() {
    return new AppFinalStatus(FinalApplicationStatus.SUCCEEDED, "", "");
  }

  @Override
  public String getAppTrackingUrl() {
    return "";
  }

  @Override
  public float getProgress() {
    return am.progress();
  }

  @Override
  public long getCustomClusterIdentifier() {
    return 0;
  }

  @Override
  public ContainerSignatureMatcher getContainerSignatureMatcher() {
    return JvmSignatureMatcher.INSTANCE;
  }

  @Override
  public ApplicationAttemptId getApplicationAttemptId() {
    return attemptId;
  }

  @Override
  public String getAppHostName() {
    return "simulated-am";
  }

  @Override
  public int getAppClientPort() {
    return 0;
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
  public UserPayload getInitialUserPayload() {
    return payload;
  }

  @Override
  public DagInfo getCurrentDagInfo() {
    return am.currentDag();
  }

  @Override
  public void reportError(ServicePluginError error, String message, DagInfo dagInfo) {
    throw new IllegalStateException("scheduler reported " + error + ": " + message);
  }
}
