package io.tezext.simulator.bench.cost;

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

import io.tezext.simulator.am.JvmSignatureMatcher;

/**
 * The AM side of the scheduler plugin contract for sched-cost: what a scheduler reads (the DAG, the
 * task's vertex, its configuration, the AM's state) and the callbacks it makes, handed to
 * {@link SteadyStateAm}, which records them and acts on them only after the scheduler's call has
 * returned, as the real AM's dispatcher does.
 */
final class SteadyStateContext implements TaskSchedulerContext {
  private final SteadyStateAm am;
  private final UserPayload payload;
  private final ApplicationAttemptId attemptId;
  private final DagInfo dag;

  SteadyStateContext(SteadyStateAm am, UserPayload payload, ApplicationAttemptId attemptId, DagInfo dag) {
    this.am = am;
    this.payload = payload;
    this.attemptId = attemptId;
    this.dag = dag;
  }

  @Override
  public void taskAllocated(Object task, Object appCookie, Container container) {
    am.taskAllocated((QueryAttempt) task, container);
  }

  @Override
  public void containerAllocated(Container container) {
  }

  @Override
  public void containerReused(Container container) {
  }

  @Override
  public void containerCompleted(Object taskLastAllocated, ContainerStatus containerStatus) {
    am.containerCompleted((QueryAttempt) taskLastAllocated, containerStatus);
  }

  @Override
  public void containerBeingReleased(ContainerId containerId) {
  }

  @Override
  public void nodesUpdated(List<NodeReport> updatedNodes) {
  }

  @Override
  public void appShutdownRequested() {
    throw new IllegalStateException("the scheduler asked the AM to shut down in the middle of a benchmark");
  }

  @Override
  public void setApplicationRegistrationData(Resource maxContainerCapability,
      Map<ApplicationAccessType, String> appAcls, ByteBuffer clientAMSecretKey, String queueName) {
  }

  @Override
  public void preemptContainer(ContainerId containerId) {
    am.preemptionRequested(containerId);
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
    return 0.5f;
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
    return "sched-cost-am";
  }

  @Override
  public int getAppClientPort() {
    return 0;
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
  public UserPayload getInitialUserPayload() {
    return payload;
  }

  @Override
  public DagInfo getCurrentDagInfo() {
    return dag;
  }

  @Override
  public void reportError(ServicePluginError error, String message, DagInfo dagInfo) {
    throw new IllegalStateException("the scheduler reported " + error + ": " + message);
  }
}
