package io.tezext.simulator.workload.json;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.io.JsonInput;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.EdgeSpec;
import io.tezext.simulator.workload.TaskSpec;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/**
 * The simulator's own workload file (docs/simulator-workloads.md): DAG submissions with their
 * vertices, edges and tasks. Field-level mistakes name the file, line and field path; mistakes across
 * fields (an edge to an unknown vertex) name the file and the path of the DAG.
 */
public final class WorkloadJson {
  private static final ObjectWriter WRITER = new ObjectMapper()
      .setSerializationInclusion(JsonInclude.Include.NON_NULL)
      // Objects one per line, arrays of numbers and hosts inline: readable, and not a line per task.
      .writer(new DefaultPrettyPrinter().withArrayIndenter(new DefaultPrettyPrinter.FixedSpaceIndenter()));

  private WorkloadJson() {
  }

  public static Workload read(Path file) {
    return toWorkload(file.toString(), JsonInput.read(file, WorkloadModel.class));
  }

  public static Workload read(String name, InputStream in) {
    return toWorkload(name, JsonInput.read(name, in, WorkloadModel.class));
  }

  public static void write(Workload workload, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      WRITER.writeValue(out, WorkloadModel.of(workload));
    }
  }

  private static Workload toWorkload(String file, WorkloadModel m) {
    List<DagSubmission> submissions = new ArrayList<>(m.dags.size());
    for (int d = 0; d < m.dags.size(); d++) {
      WorkloadModel.DagModel dag = m.dags.get(d);
      String path = "dags[" + d + "]";
      try {
        List<VertexSpec> vertices = new ArrayList<>();
        for (int v = 0; v < dag.vertices.size(); v++) {
          WorkloadModel.VertexModel vm = dag.vertices.get(v);
          path = "dags[" + d + "].vertices[" + v + "]";
          vertices.add(new VertexSpec(vm.name, vm.memoryMb, vm.vcores, vm.input, vm.inputInitMs, vm.tasks()));
        }
        path = "dags[" + d + "]";
        List<EdgeSpec> edges = new ArrayList<>();
        for (WorkloadModel.EdgeModel e : dag.edges) {
          edges.add(new EdgeSpec(e.from, e.to, e.movement));
        }
        String name = dag.name == null ? dag.id : dag.name;
        submissions.add(new DagSubmission(dag.id, dag.arrivalMs, dag.queue, dag.session,
            new DagSpec(name, vertices, edges)));
      } catch (IllegalArgumentException e) {
        throw new InputFileException(file + " at " + path + ": " + e.getMessage());
      }
    }
    try {
      return new Workload(m.name == null ? file : m.name, submissions, m.notes);
    } catch (IllegalArgumentException e) {
      throw new InputFileException(file + ": " + e.getMessage());
    }
  }

  /** Tasks of a vertex as the file gives them: full objects, or just durations for big vertices. */
  static List<TaskSpec> tasks(List<WorkloadModel.TaskModel> objects, long[] durations) {
    if (objects != null && durations != null) {
      throw new IllegalArgumentException("give either 'tasks' or 'taskDurationsMs', not both");
    }
    List<TaskSpec> tasks = new ArrayList<>();
    if (objects != null) {
      for (WorkloadModel.TaskModel t : objects) {
        tasks.add(new TaskSpec(t.durationMs, t.hosts));
      }
    } else if (durations != null) {
      for (long ms : durations) {
        tasks.add(TaskSpec.of(ms));
      }
    }
    return tasks;
  }
}
