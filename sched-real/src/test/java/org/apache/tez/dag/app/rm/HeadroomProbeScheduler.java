package org.apache.tez.dag.app.rm;

import java.io.IOException;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.resource.PlacementConstraint;
import org.apache.hadoop.yarn.client.api.impl.AMRMClientImpl;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tez's DagAwareYarnTaskScheduler, unchanged, with its ResourceManager client logging what the RM
 * tells the AM: the scheduling resource types when it registers, and on every heartbeat whose answer
 * differs from the last, the headroom (memory and vcores) and the containers this AM holds. The
 * sched-real benchmark reads these lines back from the AM's log ({@code io.tezext.schedreal.HeadroomLog}).
 * It lives in Tez's package because DagAware takes its client through a package-private method.
 */
public class HeadroomProbeScheduler extends DagAwareYarnTaskScheduler {
  /** Every line the probe logs starts with this. */
  public static final String MARK = "HEADROOM-PROBE";
  private static final Logger LOG = LoggerFactory.getLogger(HeadroomProbeScheduler.class);

  public HeadroomProbeScheduler(TaskSchedulerContext context) {
    super(context);
  }

  @Override
  public void initialize() throws Exception {
    initialize(new AMRMClientAsyncWrapper(new ProbingClient(), 1000, this));
  }

  /** YARN's own client; each answer of the RM is logged before DagAware sees it. */
  private static final class ProbingClient extends AMRMClientImpl<TaskRequest> {
    private int held;
    private String last = "";

    /** The overload every other registration goes through (the asynchronous client calls it directly). */
    @Override
    public RegisterApplicationMasterResponse registerApplicationMaster(String host, int port, String trackingUrl,
        Map<Set<String>, PlacementConstraint> placementConstraints) throws YarnException, IOException {
      RegisterApplicationMasterResponse response =
          super.registerApplicationMaster(host, port, trackingUrl, placementConstraints);
      LOG.info("{} registered schedulerResourceTypes={} maximumCapability=<memory:{}, vCores:{}> queue={}", MARK,
          response.getSchedulerResourceTypes(), response.getMaximumResourceCapability().getMemorySize(),
          response.getMaximumResourceCapability().getVirtualCores(), response.getQueue());
      return response;
    }

    @Override
    public AllocateResponse allocate(float progress) throws YarnException, IOException {
      AllocateResponse response = super.allocate(progress);
      int allocated = response.getAllocatedContainers().size();
      int completed = response.getCompletedContainersStatuses().size();
      long allocatedMb = 0;
      int allocatedVcores = 0;
      for (Container c : response.getAllocatedContainers()) {
        allocatedMb += c.getResource().getMemorySize();
        allocatedVcores += c.getResource().getVirtualCores();
      }
      held += allocated - completed;
      int preempted = 0;
      for (ContainerStatus s : response.getCompletedContainersStatuses()) {
        if (s.getExitStatus() == ContainerExitStatus.PREEMPTED) {
          preempted++;
        }
      }
      Resource headroom = response.getAvailableResources();
      String now = headroom.getMemorySize() + "/" + headroom.getVirtualCores() + "/" + held;
      if (!now.equals(last) || allocated > 0 || completed > 0) {
        last = now;
        LOG.info("{} headroomMemoryMb={} headroomVcores={} heldContainers={} allocated={} allocatedMb={} "
            + "allocatedVcores={} completed={} preemptedByRm={} clusterNodes={} preemptionMessage={}", MARK,
            headroom.getMemorySize(), headroom.getVirtualCores(), held, allocated, allocatedMb, allocatedVcores,
            completed, preempted, response.getNumClusterNodes(), response.getPreemptionMessage() != null);
      }
      return response;
    }
  }
}
