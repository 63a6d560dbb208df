package io.tezext.schedreal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.DoubleStream;

/** The figures of real runs, per run for the report and summed per scheduler for the JSON line. */
final class RunSummary {
  private RunSummary() {
  }

  static String line(RunManifest run) {
    HistoryFigures s = run.session().history();
    long dataLocal = run.dags().stream().mapToLong(RunManifest.DagRun::dataLocalTasks).sum();
    long rackLocal = run.dags().stream().mapToLong(RunManifest.DagRun::rackLocalTasks).sum();
    long other = run.dags().stream().mapToLong(RunManifest.DagRun::otherLocalTasks).sum();
    return String.format(Locale.ROOT, "%-22s mean DAG %6.2f s; AM preempted %d attempts; RM preempted %d session "
            + "and %d competitor containers; %d containers launched, %.2f tasks each; hinted tasks data-local %d, "
            + "rack-local %d, other %d; attempts per host %s", run.runId(), PairedComparison.meanDagMs(run) / 1000,
        s.amPreemptedAttempts(), run.session().rmPreemptedContainers(), run.competitor().rmPreemptedContainers(),
        s.containersLaunched(), s.tasksPerContainer(), dataLocal, rackLocal, other, s.attemptsPerHost());
  }

  /**
   * Per scheduler over its runs: attempts the AM preempted, containers the RM preempted (the session's
   * and the competitor's), containers launched per run, tasks per container, and hinted tasks by
   * locality.
   */
  static Map<String, Object> totals(List<RunManifest> runs) {
    Map<String, Object> am = new LinkedHashMap<>();
    Map<String, Object> rm = new LinkedHashMap<>();
    Map<String, Object> launched = new LinkedHashMap<>();
    Map<String, Object> reuse = new LinkedHashMap<>();
    Map<String, Object> locality = new LinkedHashMap<>();
    for (SchedulerUnderTest s : List.of(SchedulerUnderTest.DAG_AWARE, SchedulerUnderTest.TEZEXT)) {
      List<RunManifest> mine = runs.stream().filter(r -> r.scheduler().equals(s.label())).toList();
      am.put(s.label(), mine.stream().mapToInt(r -> r.session().history().amPreemptedAttempts()).sum());
      Map<String, Integer> preempted = new LinkedHashMap<>(); // in this order in every run's JSON line
      preempted.put("session", mine.stream().mapToInt(r -> r.session().rmPreemptedContainers()).sum());
      preempted.put("competitor", mine.stream().mapToInt(r -> r.competitor().rmPreemptedContainers()).sum());
      rm.put(s.label(), preempted);
      launched.put(s.label(), SchedRealBenchmark.round(
          mine.stream().mapToInt(r -> r.session().history().containersLaunched()).average().orElse(Double.NaN)));
      int attempts = mine.stream().mapToInt(r -> r.session().history().attempts()).sum();
      int containers = mine.stream().mapToInt(r -> r.session().history().containersRunningTasks()).sum();
      reuse.put(s.label(), SchedRealBenchmark.round(containers == 0 ? Double.NaN : (double) attempts / containers));
      Map<String, Long> l = new LinkedHashMap<>();
      l.put("data_local", mine.stream().flatMap(r -> r.dags().stream()).mapToLong(RunManifest.DagRun::dataLocalTasks).sum());
      l.put("rack_local", mine.stream().flatMap(r -> r.dags().stream()).mapToLong(RunManifest.DagRun::rackLocalTasks).sum());
      l.put("other_local", mine.stream().flatMap(r -> r.dags().stream()).mapToLong(RunManifest.DagRun::otherLocalTasks).sum());
      locality.put(s.label(), l);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("am_preemptions_real", am);
    out.put("rm_preemptions_real", rm);
    out.put("containers_launched", launched);
    out.put("reuse", reuse);
    out.put("locality", locality);
    return out;
  }

  /**
   * The host as the manifests recorded it: its cores and the spread of its one-minute load average
   * at the runs' starts and ends (runs recorded before manifests kept it count as not recorded).
   */
  static Map<String, Object> machine(List<RunManifest> runs) {
    List<RunManifest.Machine> recorded = runs.stream().map(RunManifest::machine).filter(Objects::nonNull).toList();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("runs_recorded", recorded.size());
    m.put("cores", recorded.isEmpty() ? null : recorded.get(0).cores());
    double[] loads = recorded.stream().flatMapToDouble(r -> DoubleStream.of(r.loadAverageAtStart(),
        r.loadAverageAtEnd())).sorted().toArray();
    if (loads.length > 0) {
      m.put("load_average_min", SchedRealBenchmark.round(loads[0]));
      m.put("load_average_median", SchedRealBenchmark.round(loads[loads.length / 2]));
      m.put("load_average_max", SchedRealBenchmark.round(loads[loads.length - 1]));
    }
    return m;
  }

  /**
   * Per scheduler over its runs, from the RM's container log beside the runs (absent for runs
   * recorded before it was kept): the competitor's containers the RM killed while the session's DAGs
   * ran, and how many of those the session got the room of ({@link RmContainerLog#kills}).
   */
  static Map<String, Object> rmKills(List<RunManifest> runs, Path runsDir) throws IOException {
    Path file = runsDir.resolve("rm-containers.log");
    Map<String, Object> out = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return out;
    }
    RmContainerLog log = RmContainerLog.parse(Files.readString(file));
    for (SchedulerUnderTest s : List.of(SchedulerUnderTest.DAG_AWARE, SchedulerUnderTest.TEZEXT)) {
      int killed = 0;
      int served = 0;
      for (RunManifest r : runs.stream().filter(r -> r.scheduler().equals(s.label())).toList()) {
        RmContainerLog.Kills k = log.kills(RmContainerLog.appKey(r.competitor().appId()),
            RmContainerLog.appKey(r.session().appId()), r.dags().get(0).startMs(),
            r.dags().get(r.dags().size() - 1).endMs());
        killed += k.killed();
        served += k.servedSession();
      }
      Map<String, Integer> kills = new LinkedHashMap<>();
      kills.put("killed", killed);
      kills.put("served_session", served);
      out.put(s.label(), kills);
    }
    return out;
  }
}
