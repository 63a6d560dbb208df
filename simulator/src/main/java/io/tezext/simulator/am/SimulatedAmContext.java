package io.tezext.simulator.am;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.ApplicationAccessType;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.common.ContainerSignatureMatcher;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.serviceplugins.api.DagInfo;
import org.apache.tez.serviceplugins.api.ServicePluginError;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;

/**
 * What every simulated AM tells a scheduler alike: its identity, the payload the scheduler was
 * configured with, Tez's JVM signature rule, and the callbacks a simulated AM has no use for
 * (Tez's AM only counts or logs them). Subclasses say what the AM does with the rest.
 */
public abstract class SimulatedAmContext implements TaskSchedulerContext {
  private final UserPayload payload;
  private final ApplicationAttemptId attemptId;
  private final String hostName;

  protected SimulatedAmContext(UserPayload payload, ApplicationAttemptId attemptId, String hostName) {
    this.payload = payload;
    this.attemptId = attemptId;
    this.hostName = hostName;
  }

  @Override
  public final void containerAllocated(Container container) {
  }

  @Override
  public final void containerReused(Container container) {
  }

  @Override
  public final void containerBeingReleased(ContainerId containerId) {
  }

  @Override
  public final void nodesUpdated(List<NodeReport> updatedNodes) {
  }

  @Override
  public final void setApplicationRegistrationData(Resource maxContainerCapability,
      Map<ApplicationAccessType, String> appAcls, ByteBuffer clientAMSecretKey, String queueName) {
  }

  @Override
  public final AppFinalStatus getFinalAppStatus() {
    return new AppFinalStatus(FinalApplicationStatus.SUCCEEDED, "", "");
  }

  @Override
  public final String getAppTrackingUrl() {
    return "";
  }

  @Override
  public final long getCustomClusterIdentifier() {
    return 0;
  }

  @Override
  public final ContainerSignatureMatcher getContainerSignatureMatcher() {
    return JvmSignatureMatcher.INSTANCE;
  }

  @Override
  public final ApplicationAttemptId getApplicationAttemptId() {
    return attemptId;
  }

  @Override
  public final String getAppHostName() {
    return hostName;
  }

  @Override
  public final int getAppClientPort() {
    return 0;
  }

  @Override
  public final UserPayload getInitialUserPayload() {
    return payload;
  }

  /** A simulation has no one to report to: the run stops, naming what the scheduler said. */
  @Override
  public final void reportError(ServicePluginError error, String message, DagInfo dagInfo) {
    throw new IllegalStateException("the scheduler reported " + error + ": " + message);
  }
}
