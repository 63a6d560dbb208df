package io.tezext.bench.splitgen;

import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.dag.api.event.VertexState;
import org.apache.tez.runtime.api.InputInitializerContext;

/**
 * What a Tez AM tells an input initializer of a root vertex, for running Tez's and our split
 * generation outside an AM: the input's payload, and a cluster of {@code nodes} nodes with room for
 * {@code containersPerNode} of the vertex's tasks each (the waves arithmetic of both generators).
 */
final class BenchInitializerContext implements InputInitializerContext {
  private static final int TASK_MB = 4096;

  private final UserPayload payload;
  private final int nodes;
  private final int containersPerNode;
  private final TezCounters counters = new TezCounters();

  BenchInitializerContext(UserPayload payload, int nodes, int containersPerNode) {
    this.payload = payload;
    this.nodes = nodes;
    this.containersPerNode = containersPerNode;
  }

  TezCounters counters() {
    return counters;
  }

  @Override
  public ApplicationId getApplicationId() {
    return ApplicationId.newInstance(1, 1);
  }

  @Override
  public String getDAGName() {
    return "splitgen-benchmark";
  }

  @Override
  public Configuration getVertexConfiguration() {
    return new Configuration(false);
  }

  @Override
  public String getInputName() {
    return "table";
  }

  @Override
  public UserPayload getInputUserPayload() {
    return payload;
  }

  @Override
  public UserPayload getUserPayload() {
    return UserPayload.create(null);
  }

  @Override
  public int getNumTasks() {
    return -1;
  }

  @Override
  public Resource getVertexTaskResource() {
    return Resource.newInstance(TASK_MB, 1);
  }

  @Override
  public Resource getTotalAvailableResource() {
    return Resource.newInstance((long) nodes * containersPerNode * TASK_MB, nodes * containersPerNode);
  }

  @Override
  public int getVertexId() {
    return 0;
  }

  @Override
  public int getNumClusterNodes() {
    return nodes;
  }

  @Override
  public int getDAGAttemptNumber() {
    return 1;
  }

  @Override
  public int getVertexNumTasks(String vertexName) {
    return -1;
  }

  @Override
  public void registerForVertexStateUpdates(String vertexName, Set<VertexState> stateSet) {
    throw new UnsupportedOperationException("a root vertex's split generation needs no vertex updates");
  }

  @Override
  public void addCounters(TezCounters added) {
    counters.incrAllCounters(added);
  }
}
