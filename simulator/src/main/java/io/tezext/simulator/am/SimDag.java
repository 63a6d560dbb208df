package io.tezext.simulator.am;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Credentials;
import org.apache.tez.serviceplugins.api.DagInfo;

import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.VertexSpec;

/** A DAG at run time, and the {@link DagInfo} view of it that schedulers read. */
final class SimDag implements DagInfo {
  final DagSubmission submission;
  final int dagIndex;
  final SimVertex[] vertices;
  private final BitSet[] descendants;
  private final Configuration conf;
  private final Credentials credentials = new Credentials();
  /**
   * Attempts in containers waiting for producers: for broadcast inputs before their work starts, or,
   * their work done, for the last shuffle producers (they finish when those do).
   */
  final List<SimAttempt> waitingForInputs = new ArrayList<>();
  final int totalTasks;
  int succeededTasks;
  /** When its client submitted it; it starts once the AM has ended the DAG before. */
  long arrivalMs = -1;
  long startMs = -1;
  boolean ended;

  SimDag(DagSubmission submission, int dagIndex, Configuration conf) {
    this.submission = submission;
    this.dagIndex = dagIndex;
    this.conf = conf;
    List<VertexSpec> specs = TezVertexIds.inTezOrder(submission.dag());
    this.vertices = new SimVertex[specs.size()];
    Map<String, SimVertex> byName = new HashMap<>();
    for (int i = 0; i < specs.size(); i++) {
      vertices[i] = new SimVertex(this, i, specs.get(i));
      byName.put(specs.get(i).name(), vertices[i]);
    }
    for (EdgeSpec e : submission.dag().edges()) {
      SimVertex from = byName.get(e.from());
      SimVertex to = byName.get(e.to());
      to.producers.add(from);
      to.producerMovements.add(e.movement());
      from.consumers.add(to);
    }
    int tasks = 0;
    for (SimVertex v : vertices) {
      for (SimVertex p : v.producers) {
        v.distanceFromRoot = Math.max(v.distanceFromRoot, p.distanceFromRoot + 1);
      }
      tasks += v.tasks.length;
    }
    this.totalTasks = tasks;
    this.descendants = new BitSet[vertices.length];
    for (int i = vertices.length - 1; i >= 0; i--) {
      BitSet d = new BitSet(vertices.length);
      for (SimVertex c : vertices[i].consumers) {
        d.set(c.index);
        d.or(descendants[c.index]);
      }
      descendants[i] = d;
    }
  }

  boolean isComplete() {
    return succeededTasks == totalTasks;
  }

  float progress() {
    return totalTasks == 0 ? 1f : (float) succeededTasks / totalTasks;
  }

  @Override
  public int getIndex() {
    return dagIndex;
  }

  @Override
  public String getName() {
    return submission.dag().name();
  }

  @Override
  public Credentials getCredentials() {
    return credentials;
  }

  @Override
  public int getTotalVertices() {
    return vertices.length;
  }

  @Override
  public BitSet getVertexDescendants(int vertexIndex) {
    return (BitSet) descendants[vertexIndex].clone();
  }

  @Override
  public Configuration getConf() {
    return conf;
  }
}
