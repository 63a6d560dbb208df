package io.tezext.simulator.workload.json;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.DataMovement;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.InputStorage;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/** The workload file's shape, with its defaults. Setters reject bad values with their field's name. */
@JsonPropertyOrder({"name", "notes", "dags"})
final class WorkloadModel {
  public String name;
  public List<String> notes = List.of();
  public List<DagModel> dags = List.of();

  static WorkloadModel of(Workload w) {
    WorkloadModel m = new WorkloadModel();
    m.name = w.name();
    m.notes = w.notes();
    m.dags = new ArrayList<>();
    for (DagSubmission s : w.submissions()) {
      m.dags.add(DagModel.of(s));
    }
    return m;
  }

  @JsonPropertyOrder({"id", "name", "arrivalMs", "queue", "session", "thinkMs", "vertices", "edges"})
  static final class DagModel {
    public String id;
    public String name;
    public long arrivalMs;
    public String queue = "default";
    public String session;
    /** Absent for a DAG that arrives at its own time ({@link DagSubmission#thinkMs}). */
    public Long thinkMs;

    public void setQueue(String queue) {
      if (queue.isBlank()) {
        throw new IllegalArgumentException("queue must name a queue (leave it out for 'default'), was '" + queue + "'");
      }
      this.queue = queue;
    }

    public void setSession(String session) {
      if (session.isBlank()) {
        throw new IllegalArgumentException("session must name a session (leave it out for an AM of the DAG's own), "
            + "was '" + session + "'");
      }
      this.session = session;
    }
    public List<VertexModel> vertices = List.of();
    public List<EdgeModel> edges = List.of();

    public void setArrivalMs(long arrivalMs) {
      this.arrivalMs = Workload.checkedTime("arrivalMs", arrivalMs);
    }

    public void setThinkMs(long thinkMs) {
      this.thinkMs = Workload.checkedTime("thinkMs (the time from the session's previous DAG ending to this one's "
          + "submission)", thinkMs);
    }

    static DagModel of(DagSubmission s) {
      DagModel m = new DagModel();
      m.id = s.id();
      m.name = s.dag().name();
      m.arrivalMs = s.arrivalMs();
      m.queue = s.queue();
      m.session = s.session();
      m.thinkMs = s.closedLoop() ? s.thinkMs() : null;
      m.vertices = new ArrayList<>();
      for (VertexSpec v : s.dag().vertices()) {
        m.vertices.add(VertexModel.of(v));
      }
      m.edges = new ArrayList<>();
      for (EdgeSpec e : s.dag().edges()) {
        EdgeModel em = new EdgeModel();
        em.from = e.from();
        em.to = e.to();
        em.movement = e.movement();
        m.edges.add(em);
      }
      return m;
    }
  }

  @JsonPropertyOrder({"name", "memoryMb", "vcores", "input", "inputInitMs", "taskDurationsMs", "tasks"})
  static final class VertexModel {
    public String name;
    public int memoryMb = 1024;
    public int vcores = 1;
    public InputStorage input = InputStorage.NONE;
    public long inputInitMs;
    public List<TaskModel> tasks;
    public long[] taskDurationsMs;

    public void setMemoryMb(int memoryMb) {
      if (memoryMb <= 0) {
        throw new IllegalArgumentException("memoryMb must be positive, was " + memoryMb);
      }
      this.memoryMb = memoryMb;
    }

    public void setVcores(int vcores) {
      if (vcores <= 0) {
        throw new IllegalArgumentException("vcores must be positive, was " + vcores);
      }
      this.vcores = vcores;
    }

    public void setInputInitMs(long inputInitMs) {
      this.inputInitMs = Workload.checkedTime("inputInitMs", inputInitMs);
    }

    public void setTaskDurationsMs(long[] durations) {
      for (int i = 0; i < durations.length; i++) {
        Workload.checkedTime("taskDurationsMs[" + i + "]", durations[i]);
      }
      this.taskDurationsMs = durations;
    }

    List<TaskSpec> tasks() {
      return WorkloadJson.tasks(tasks, taskDurationsMs);
    }

    static VertexModel of(VertexSpec v) {
      VertexModel m = new VertexModel();
      m.name = v.name();
      m.memoryMb = v.memoryMb();
      m.vcores = v.vcores();
      m.input = v.input();
      m.inputInitMs = v.inputInitMs();
      boolean anyHosts = v.tasks().stream().anyMatch(t -> !t.hosts().isEmpty());
      if (anyHosts) {
        m.tasks = new ArrayList<>();
        for (TaskSpec t : v.tasks()) {
          TaskModel tm = new TaskModel();
          tm.durationMs = t.durationMs();
          tm.hosts = t.hosts();
          m.tasks.add(tm);
        }
      } else {
        m.taskDurationsMs = v.tasks().stream().mapToLong(TaskSpec::durationMs).toArray();
      }
      return m;
    }
  }

  @JsonPropertyOrder({"durationMs", "hosts"})
  static final class TaskModel {
    public long durationMs;
    public List<String> hosts = List.of();

    public void setDurationMs(long durationMs) {
      this.durationMs = Workload.checkedTime("durationMs", durationMs);
    }
  }

  @JsonPropertyOrder({"from", "to", "movement"})
  static final class EdgeModel {
    public String from;
    public String to;
    public DataMovement movement = DataMovement.SCATTER_GATHER;
  }
}
