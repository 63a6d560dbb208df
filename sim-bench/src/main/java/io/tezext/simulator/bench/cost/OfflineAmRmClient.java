package io.tezext.simulator.bench.cost;

import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.impl.AMRMClientImpl;

import io.tezext.simulator.scheduler.AmRegistration;

/**
 * YARN's own AM-RM client with its RPC cut off. A real AM pays for this client's bookkeeping on
 * every request a scheduler adds or withdraws, and DagAware matches new containers against its
 * request table ({@code getMatchingRequests}), so the benchmark keeps all of it; only what would
 * cross the network is replaced: registration is answered here, and {@link #send()} forgets the
 * asks and releases as {@code allocate()} does once the RM has them. It counts asks added and
 * withdrawn (to check that requests really wait) and notes the containers released since the last
 * send, which the benchmark's RM confirms as completed on the next heartbeat.
 */
final class OfflineAmRmClient<T extends AMRMClient.ContainerRequest> extends AMRMClientImpl<T> {
  private final List<ContainerId> releasedSinceSend = new ArrayList<>();
  private final Resource maxCapability;
  private long asksAdded;
  private long asksRemoved;

  /**
   * @param clusterNodes what the RM reports as the cluster's size (ours sizes locality by it)
   * @param maxCapability the largest container the RM grants, told at registration
   */
  OfflineAmRmClient(int clusterNodes, Resource maxCapability) {
    this.clusterNodeCount = clusterNodes;
    this.clusterAvailableResources = Resource.newInstance(0, 0); // the AM holds all the queue gives it
    this.maxCapability = maxCapability;
  }

  @Override
  protected void serviceStart() {
    // no RM proxy: nothing goes over the network
  }

  @Override
  protected void serviceStop() {
  }

  @Override
  public RegisterApplicationMasterResponse registerApplicationMaster(String host, int port, String url) {
    return AmRegistration.response(maxCapability, "default", false); // a CapacityScheduler's default calculator
  }

  @Override
  public AllocateResponse allocate(float progressIndicator) {
    throw new UnsupportedOperationException("the benchmark delivers heartbeats itself; see send()");
  }

  @Override
  public void unregisterApplicationMaster(FinalApplicationStatus status, String message, String url) {
  }

  @Override
  public synchronized void addContainerRequest(T request) {
    super.addContainerRequest(request);
    asksAdded++;
  }

  @Override
  public synchronized void removeContainerRequest(T request) {
    super.removeContainerRequest(request);
    asksRemoved++;
  }

  @Override
  public synchronized void releaseAssignedContainer(ContainerId containerId) {
    super.releaseAssignedContainer(containerId);
    releasedSinceSend.add(containerId);
  }

  /**
   * The heartbeat's send: the asks and releases gathered since the last one are now the RM's, so
   * the client forgets them (as {@code allocate()} does after its RPC). Returns the containers
   * released since the last send.
   */
  synchronized List<ContainerId> send() {
    ask.clear();
    release.clear();
    List<ContainerId> released = new ArrayList<>(releasedSinceSend);
    releasedSinceSend.clear();
    return released;
  }

  /** Requests added and not withdrawn: those the scheduler has waiting at YARN. */
  synchronized long outstandingAsks() {
    return asksAdded - asksRemoved;
  }
}
