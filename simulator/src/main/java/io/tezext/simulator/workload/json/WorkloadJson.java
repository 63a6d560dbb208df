package io.tezext.simulator.workload.json;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.io.FileAccess;
import io.tezext.simulator.io.FileSniff;
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

  /** Reads a workload file; the first bad DAG fails the read. */
  public static Workload read(Path file) {
    return read(file, new BadRecords(false, new ArrayList<>()));
  }

  /** Reads a workload file without checking its hosts against a cluster. */
  public static Workload read(Path file, BadRecords bad) {
    return read(file, bad, null);
  }

  /**
   * Reads a workload file DAG by DAG: a DAG with a bad field or an inconsistent plan fails the read
   * or, with {@code --skip-bad}, is skipped and listed; a file that is not JSON fails either way.
   * Task hosts that are not among {@code clusterHosts} (null: not checked) can never be node-local:
   * they are counted in the notes, or with {@code --strict} an error.
   */
  public static Workload read(Path file, BadRecords bad, List<String> clusterHosts) {
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new InputFileException(name + ": a directory; a workload file is a JSON object with 'dags' "
          + "(docs/simulator-workloads.md)");
    }
    if (Files.exists(file)) {
      FileSniff.requireText(file, "a workload file (the simulator's JSON, or a format --workload-format names)");
    }
    try (JsonParser p = JsonInput.parser(file)) {
      return read(name, p, bad, clusterHosts == null ? null : new java.util.HashSet<>(clusterHosts));
    } catch (NoSuchFileException e) {
      throw new InputFileException(name + ": no such file");
    } catch (JsonProcessingException e) {
      throw new InputFileException(JsonInput.describe(name, e, ""));
    } catch (IOException e) {
      throw new InputFileException(name + ": cannot read: " + FileAccess.why(e));
    }
  }

  public static Workload read(String name, InputStream in) {
    return toWorkload(name, JsonInput.read(name, in, WorkloadModel.class));
  }

  private static Workload read(String file, JsonParser p, BadRecords bad, java.util.Set<String> clusterHosts)
      throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      throw new InputFileException(file + ": a workload file is a JSON object with 'dags' (docs/simulator-workloads.md)");
    }
    WorkloadModel m = new WorkloadModel();
    List<DagSubmission> submissions = new ArrayList<>();
    UnknownHosts hosts = new UnknownHosts(file, clusterHosts, bad);
    HostHints hints = new HostHints(file, bad);
    for (String field = p.nextFieldName(); field != null; field = p.nextFieldName()) {
      p.nextToken();
      switch (field) {
        case "name" -> m.name = JsonInput.readValue(p, String.class);
        case "notes" -> m.notes = List.of(JsonInput.readValue(p, String[].class));
        case "dags" -> readDags(file, p, bad, submissions, hosts, hints);
        default -> throw new InputFileException(file + at(p) + ": unknown field '"
            + field + "'; expected one of [name, notes, dags]");
      }
    }
    if (p.nextToken() != null) {
      throw new InputFileException(file + at(p) + ": unexpected content after the workload object");
    }
    if (submissions.isEmpty() && bad.skipped().isEmpty()) {
      throw new InputFileException(file + ": no DAGs ('dags' is missing or empty): nothing to replay");
    }
    List<String> notes = new ArrayList<>(m.notes);
    hosts.note().ifPresent(notes::add);
    notes.addAll(hints.notes());
    if (!bad.skipped().isEmpty()) {
      notes.add(bad.skipped().size() + " DAGs skipped for bad records (--skip-bad)");
    }
    try {
      return new Workload(m.name == null ? file : m.name, submissions, notes);
    } catch (IllegalArgumentException e) {
      throw new InputFileException(file + ": " + e.getMessage());
    }
  }

  private static void readDags(String file, JsonParser p, BadRecords bad, List<DagSubmission> out,
      UnknownHosts hosts, HostHints hints) throws IOException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw new InputFileException(file + at(p) + " at dags: expected an array of DAGs, found " + p.getText());
    }
    int arrayDepth = depth(p);
    for (int d = 0; p.nextToken() != JsonToken.END_ARRAY; d++) {
      String path = "dags[" + d + "]";
      try {
        if (p.currentToken() != JsonToken.START_OBJECT) {
          JsonToken found = p.currentToken();
          p.skipChildren();
          throw new BadRecordException(file + at(p) + " at " + path + ": expected a DAG object ({...}), found "
              + (found == JsonToken.VALUE_NULL ? "null" : found == JsonToken.START_ARRAY ? "an array" : "'" + p.getText() + "'"));
        }
        WorkloadModel.DagModel dag = JsonInput.readValue(p, WorkloadModel.DagModel.class);
        DagSubmission submission = toSubmission(file, path, dag);
        hosts.check(path, dag);
        hints.check(path, dag);
        out.add(submission);
      } catch (JsonMappingException e) {
        skipRestOfElement(p, arrayDepth);
        bad.skipOrThrow(new BadRecordException(JsonInput.describe(file, e, path)));
      } catch (BadRecordException e) {
        bad.skipOrThrow(e);
      }
    }
  }

  /** After a failed element, moves the parser to that element's end, so the next one can be read. */
  private static void skipRestOfElement(JsonParser p, int arrayDepth) throws IOException {
    while (depth(p) > arrayDepth) {
      if (p.nextToken() == null) {
        return;
      }
    }
  }

  private static String at(JsonParser p) {
    return " line " + p.getTokenLocation().getLineNr() + " column " + p.getTokenLocation().getColumnNr();
  }

  private static int depth(JsonParser p) {
    int depth = 0;
    for (JsonStreamContext c = p.getParsingContext(); c != null; c = c.getParent()) {
      depth++;
    }
    return depth;
  }

  public static void write(Workload workload, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      WRITER.writeValue(out, WorkloadModel.of(workload));
    }
  }

  private static Workload toWorkload(String file, WorkloadModel m) {
    List<DagSubmission> submissions = new ArrayList<>(m.dags.size());
    for (int d = 0; d < m.dags.size(); d++) {
      try {
        submissions.add(toSubmission(file, "dags[" + d + "]", m.dags.get(d)));
      } catch (BadRecordException e) {
        throw new InputFileException(e.getMessage());
      }
    }
    try {
      return new Workload(m.name == null ? file : m.name, submissions, m.notes);
    } catch (IllegalArgumentException e) {
      throw new InputFileException(file + ": " + e.getMessage());
    }
  }

  /** A DAG of the file as a submission; an inconsistency fails with the DAG's (or vertex's) path. */
  private static DagSubmission toSubmission(String file, String dagPath, WorkloadModel.DagModel dag) {
    String path = dagPath;
    try {
      List<VertexSpec> vertices = new ArrayList<>();
      for (int v = 0; v < dag.vertices.size(); v++) {
        WorkloadModel.VertexModel vm = dag.vertices.get(v);
        path = dagPath + ".vertices[" + v + "]";
        vertices.add(new VertexSpec(vm.name, vm.memoryMb, vm.vcores, vm.input, vm.inputInitMs, vm.tasks()));
      }
      path = dagPath;
      List<EdgeSpec> edges = new ArrayList<>();
      for (WorkloadModel.EdgeModel e : dag.edges) {
        edges.add(new EdgeSpec(e.from, e.to, e.movement));
      }
      String name = dag.name == null ? dag.id : dag.name;
      return new DagSubmission(dag.id, dag.arrivalMs, dag.queue, dag.session, new DagSpec(name, vertices, edges),
          dag.thinkMs == null ? DagSubmission.OPEN_LOOP : dag.thinkMs);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new BadRecordException(file + " at " + path + ": " + e.getMessage());
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
