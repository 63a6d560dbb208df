package io.tezext.simulator.workload.alibaba;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.CsvInput;
import io.tezext.simulator.io.CsvInput.Row;
import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.workload.DagSpec;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.ReadContext;
import io.tezext.simulator.workload.ReplicaPlacement;
import io.tezext.simulator.workload.Workload;

/**
 * Reads the batch workload of Alibaba's cluster-trace-v2018: {@code batch_task.csv} (plain or
 * {@code .gz}), and when {@code batch_instance.csv} lies beside it, per-instance run times. Each job
 * becomes a DAG ({@link TaskName} decodes the edges) arriving when its first task started. Only jobs
 * whose tasks all ended {@code Terminated} are replayed; the rest are counted in the workload notes,
 * as are the synthesized data locations and the container scaling ({@link MachineShare}).
 */
public final class AlibabaTrace {
  public static final String TASK_FILE = "batch_task.csv";
  public static final String INSTANCE_FILE = "batch_instance.csv";

  private final ReadContext context;
  private final Map<String, List<BatchTask>> jobs = new LinkedHashMap<>();
  private final Set<String> unfinished = new HashSet<>();
  private final Set<String> bad = new LinkedHashSet<>();

  private AlibabaTrace(ReadContext context) {
    this.context = context;
  }

  /** A {@code batch_task} file, or a directory holding one. */
  public static boolean looksLikeTrace(Path path) {
    return taskFileIn(path) != null;
  }

  public static Workload read(Path path, ReadContext context) throws IOException {
    Path taskFile = Files.isRegularFile(path) ? path : taskFileIn(path);
    if (taskFile == null) {
      throw new InputFileException(path + ": no " + TASK_FILE + " (or " + TASK_FILE + ".gz) there");
    }
    return new AlibabaTrace(context).read(taskFile);
  }

  private Workload read(Path taskFile) throws IOException {
    long rows = 0;
    long instancesRead = 0;
    try (CsvInput csv = CsvInput.open(taskFile)) {
      for (Row row : csv) {
        if (row.isHeader(BatchTask.COLUMNS)) {
          continue;
        }
        try {
          BatchTask t = BatchTask.parse(row);
          jobs.computeIfAbsent(t.job(), j -> new ArrayList<>()).add(t);
          rows++;
          instancesRead += t.instances();
          if (!t.terminated() && unfinished.add(t.job())) {
            context.changed(row.where() + " column 5 (status): '" + row.record().get(4) + "', not Terminated: job "
                + t.job() + " is left out (only jobs whose every task ended Terminated are replayed)");
          }
        } catch (BadRecordException e) {
          skipJob(BatchTask.jobOf(row), e);
        }
        // Checked as rows are held, not once all are: a trace too large for the heap fails in its first
        // percent rather than after minutes of garbage collection.
        context.heap().requireRoomWhileReading(rows, instancesRead, csv.fractionRead(), row.where());
      }
    }
    Set<String> replayed = new LinkedHashSet<>(jobs.keySet());
    replayed.removeAll(unfinished);
    replayed.removeAll(bad);
    context.heap().requireRoomFor(replayed.stream().flatMap(j -> jobs.get(j).stream())
        .mapToLong(BatchTask::instances).sum(), taskFile + ": the " + replayed.size() + " jobs to replay");
    Path instanceFile = sibling(taskFile, INSTANCE_FILE);
    if (instanceFile == null) {
      context.changed(taskFile + ": no " + INSTANCE_FILE + " beside it: every instance would last its task's whole "
          + "span, an upper bound");
    }
    BatchInstances instances = instanceFile == null ? null
        : BatchInstances.read(instanceFile, replayed, this::skipJob);
    replayed.removeAll(bad); // jobs with a bad batch_instance row

    long originS = replayed.stream().mapToLong(j -> firstStartS(jobs.get(j))).min()
        .orElseThrow(() -> new InputFileException(taskFile + ": no job to replay: " + jobs.size() + " jobs, "
            + unfinished.size() + " with a task that did not end Terminated, " + bad.size() + " with bad records"));
    MachineShare share = MachineShare.of(context.cluster());
    JobDag dags = new JobDag(share, new ReplicaPlacement(context.cluster().hosts(), context.seed()), instances,
        context.badRecords());
    List<DagSubmission> submissions = new ArrayList<>();
    for (String job : replayed) {
      List<BatchTask> tasks = jobs.get(job);
      try {
        DagSpec dag = dags.build(job, tasks);
        submissions.add(new DagSubmission(job, (firstStartS(tasks) - originS) * 1000, "default", null, dag));
      } catch (BadRecordException e) {
        skipJob(job, e);
      }
    }
    return new Workload(taskFile.getFileName().toString(), submissions,
        notes(taskFile, submissions, instances, dags, share, originS));
  }

  private void skipJob(String job, BadRecordException e) {
    context.skipOrThrow(e);
    bad.add(job);
  }

  private List<String> notes(Path taskFile, List<DagSubmission> submissions, BatchInstances instances, JobDag dags,
      MachineShare share, long originS) {
    List<String> notes = new ArrayList<>();
    int tasks = submissions.stream().mapToInt(s -> s.dag().taskCount()).sum();
    notes.add("read Alibaba cluster-trace-v2018 " + taskFile + ": " + submissions.size() + " jobs, " + tasks
        + " task instances; arrivals are first task starts, shifted so trace second " + originS + " is 0");
    notes.add("data locations are synthesized: each instance of a task with no dependencies reads one HDFS block "
        + "on " + ReplicaPlacement.REPLICAS + " hosts drawn with seed " + context.seed()
        + " (the trace records none), so locality reflects that placement");
    notes.add(share.describe());
    if (instances == null) {
      notes.add("no " + INSTANCE_FILE + " beside " + TASK_FILE + ": every instance lasts its task's whole span, "
          + "an upper bound");
    } else {
      notes.add("instance durations from " + instances.file + ": " + instances.used + " Terminated instances used, "
          + instances.notTerminated + " not Terminated left out, " + instances.otherJobs
          + " rows of jobs not replayed");
      if (dags.spanFallbacks > 0) {
        notes.add(dags.spanFallbacks + " tasks have no Terminated instance; their instances last the task's span");
      }
      if (dags.instanceCountMismatches > 0) {
        notes.add(dags.instanceCountMismatches + " tasks have a different number of Terminated instances than "
            + "instance_num; the instances found are replayed");
      }
    }
    if (dags.repeatedDependencies > 0) {
      notes.add(dags.repeatedDependencies + " task names name a task they run after more than once; one edge each");
    }
    if (!unfinished.isEmpty()) {
      notes.add(unfinished.size() + " jobs left out: a task did not end Terminated");
    }
    if (!bad.isEmpty()) {
      notes.add(bad.size() + " jobs skipped for bad records (--skip-bad)");
    }
    return notes;
  }

  private static long firstStartS(List<BatchTask> tasks) {
    return tasks.stream().mapToLong(t -> t.span().startS()).min().orElseThrow();
  }

  private static Path taskFileIn(Path path) {
    if (Files.isDirectory(path)) {
      return sibling(path.resolve(TASK_FILE), TASK_FILE);
    }
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    return Files.isRegularFile(path) && name.startsWith("batch_task") ? path : null;
  }

  /** {@code name} or {@code name.gz} in the directory of {@code file}, if there. */
  private static Path sibling(Path file, String name) {
    Path dir = file.toAbsolutePath().getParent();
    for (String candidate : List.of(name, name + ".gz")) {
      if (Files.isRegularFile(dir.resolve(candidate))) {
        return dir.resolve(candidate);
      }
    }
    return null;
  }
}
