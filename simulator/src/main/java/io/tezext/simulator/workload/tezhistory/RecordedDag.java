package io.tezext.simulator.workload.tezhistory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;

/** What the history says about one DAG, gathered record by record before it becomes a DagSpec. */
final class RecordedDag {
  final String id;
  final String appId;
  String name;
  String queue = "default";
  long submittedMs = -1;
  JsonNode plan;
  String planWhere;
  boolean succeeded;
  long startMs = -1;
  long endMs = -1;
  long dataLocalTasks;
  long rackLocalTasks;
  long otherLocalTasks;
  /** By vertex index (the last two digits of a vertex id). */
  final Map<Integer, RecordedVertex> vertices = new TreeMap<>();

  RecordedDag(String id, String appId) {
    this.id = id;
    this.appId = appId;
  }

  RecordedVertex vertex(int index) {
    return vertices.computeIfAbsent(index, RecordedVertex::new);
  }

  static final class RecordedVertex {
    final int index;
    String name;
    int numTasks = -1;
    long initMs;
    /** Task index -> the successful attempt. */
    final Map<Integer, RecordedAttempt> succeeded = new LinkedHashMap<>();
    final List<RecordedAttempt> started = new ArrayList<>();

    RecordedVertex(int index) {
      this.index = index;
    }
  }

  static final class RecordedAttempt {
    final int task;
    /** The NodeManager, host:port as YARN names it. */
    String node;
    String host;
    String container;
    long allocationMs;
    long startMs;
    long endMs;

    RecordedAttempt(int task) {
      this.task = task;
    }
  }
}
