package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.QueueStatistics;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.UpdateContainerRequest;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.util.Records;

import io.tezext.simulator.cluster.Exchange;
import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.cluster.RmApp;
import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.cluster.RmNode;

/**
 * The synchronous YARN client a scheduler under test talks to, backed by the simulated
 * ResourceManager. Requests and releases accumulate between heartbeats; {@link #heartbeat()} sends
 * them and returns what the RM granted and completed as YARN records, which the driver hands to the
 * scheduler's callbacks.
 */
public final class SimulatedAmRmClient<T extends AMRMClient.ContainerRequest> extends AMRMClient<T> {
  private final ResourceManager rm;
  private final RmApp app;
  private final ApplicationAttemptId attemptId;
  private final RequestTable<T> requests;
  private final List<Long> releases = new ArrayList<>();
  private final Map<String, NodeId> nodeIds = new HashMap<>();
  private final Map<Long, Container> containers = new HashMap<>();
  private final Resource maxCapability;
  private Resource headroom = Resource.newInstance(0, 0);
  private int clusterNodes;
  private Runnable activityListener = () -> { };

  public SimulatedAmRmClient(ResourceManager rm, RmApp app, ApplicationAttemptId attemptId,
      Function<String, String> rackOf, Resource maxCapability) {
    super(SimulatedAmRmClient.class.getSimpleName());
    this.rm = rm;
    this.app = app;
    this.attemptId = attemptId;
    this.requests = new RequestTable<>(rackOf);
    this.maxCapability = maxCapability;
    this.clusterNodes = rm.liveNodes();
  }

  /** Result of one heartbeat, in the types the scheduler's callbacks take. */
  public record Heartbeat(List<NodeReport> updatedNodes, List<Container> allocated, List<ContainerStatus> completed) {
  }

  /** Sends changed asks and releases to the RM; returns new and completed containers. */
  public Heartbeat heartbeat() {
    Exchange exchange = rm.heartbeat(app, requests.drainChanges(), List.copyOf(releases));
    releases.clear();
    headroom = Resource.newInstance(exchange.headroomMemoryMb(), exchange.headroomVcores());
    clusterNodes = exchange.clusterNodes();
    List<Container> allocated = new ArrayList<>(exchange.allocated().size());
    for (RmContainer c : exchange.allocated()) {
      Container container = Container.newInstance(ContainerId.newContainerId(attemptId, c.id()),
          nodeId(c.host()), c.host() + ":8042", Resource.newInstance(c.memoryMb(), c.vcores()),
          Priority.newInstance(c.priority()), null);
      container.setAllocationRequestId(c.requestId());
      containers.put(c.id(), container);
      allocated.add(container);
    }
    List<ContainerStatus> completed = new ArrayList<>(exchange.completed().size());
    for (RmContainer c : exchange.completed()) {
      containers.remove(c.id());
      completed.add(ContainerStatus.newInstance(ContainerId.newContainerId(attemptId, c.id()),
          ContainerState.COMPLETE, c.exit().diagnostics(), c.exit().exitStatus()));
    }
    List<NodeReport> updatedNodes = new ArrayList<>(exchange.lostNodes().size());
    for (RmNode n : exchange.lostNodes()) {
      updatedNodes.add(NodeReport.newInstance(nodeId(n.host()), NodeState.LOST, n.host() + ":8042", n.rack(),
          Resource.newInstance(0, 0), Resource.newInstance(n.spec().memoryMb(), n.spec().vcores()), 0,
          "lost", 0));
    }
    return new Heartbeat(updatedNodes, allocated, completed);
  }

  /** Called whenever the scheduler gives this client something to send (a request, a release). */
  public void onActivity(Runnable listener) {
    this.activityListener = listener;
  }

  /** True while the next heartbeat has something to say or the scheduler waits for containers. */
  public boolean hasBusiness() {
    return !releases.isEmpty() || requests.hasChangesOrRequests();
  }

  /** Whether the scheduler has handed back this container since the last heartbeat. */
  public boolean isReleasing(long containerId) {
    return releases.contains(containerId);
  }

  /** The YARN record this client handed out for a container, while it is live. */
  public Container container(long id) {
    return containers.get(id);
  }

  private NodeId nodeId(String host) {
    return nodeIds.computeIfAbsent(host, h -> NodeId.newInstance(h, 8041));
  }

  @Override
  public RegisterApplicationMasterResponse registerApplicationMaster(String host, int port, String url) {
    return AmRegistration.response(maxCapability, app.queueName(), rm.schedulesVcores());
  }

  @Override
  public AllocateResponse allocate(float progressIndicator) {
    throw new UnsupportedOperationException("the simulator delivers heartbeats through heartbeat()");
  }

  @Override
  public void unregisterApplicationMaster(FinalApplicationStatus status, String message, String url) {
    // The AM model tells the RM the application finished; nothing to send here.
  }

  @Override
  public void addContainerRequest(T request) {
    requests.add(request);
    activityListener.run();
  }

  @Override
  public void removeContainerRequest(T request) {
    requests.remove(request);
    activityListener.run();
  }

  @Override
  public void requestContainerUpdate(Container container, UpdateContainerRequest request) {
    throw new UnsupportedOperationException("container resizing is not simulated");
  }

  @Override
  public void releaseAssignedContainer(ContainerId containerId) {
    releases.add(containerId.getContainerId());
    activityListener.run();
  }

  /**
   * What the RM's client protocol says of a queue ({@code YarnClient#getQueueInfo(queue)
   * .getQueueStatistics()}), for a scheduler that asks: its pending memory, the rest unset.
   */
  public QueueStatistics queueStatistics(String queue) {
    QueueStatistics statistics = Records.newRecord(QueueStatistics.class);
    statistics.setPendingMemoryMB(rm.queuePendingMemoryMb(queue));
    return statistics;
  }

  @Override
  public Resource getAvailableResources() {
    return headroom;
  }

  @Override
  public int getClusterNodeCount() {
    return clusterNodes;
  }

  @Override
  public List<? extends Collection<T>> getMatchingRequests(Priority priority, String location, Resource capability) {
    return requests.matching(priority.getPriority(), location, capability);
  }

  @Override
  public Collection<T> getMatchingRequests(long allocationRequestId) {
    return List.of();
  }

  @Override
  public void updateBlacklist(List<String> additions, List<String> removals) {
    // Node blacklisting is off in the simulated AM (as MiniTezCluster runs it).
  }
}
