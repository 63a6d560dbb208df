package io.tezext.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.tezext.testkit.TezTestCluster;

/**
 * {@code bench/run hive-session}: what a Hive user waits for in a session of back-to-back queries,
 * under Tez's DagAware and under ours, on a real Tez-on-YARN cluster the session has to itself (an
 * interactive or BI session on a quiet cluster, or a queue of its own). Each round opens one Hive
 * session per setup, in an order rotated from round to round; a session runs one query to start its
 * AM (timed apart), then the six star-schema queries back to back, each answer checked. A setup's
 * figure is the session's six queries' total time; against DagAware with Tez's defaults, a ratio
 * per round, summarised by the geometric mean with a 95% t-interval. The containers each session's
 * AM launched come from its log. Writes {@code target/hive-session.txt}, its last line one JSON
 * object. {@code -Dtezext.hive-session.rounds=N} sets the rounds (default 3).
 */
class HiveSessionBenchmarkIT {
  private static final int ROUNDS = Integer.getInteger("tezext.hive-session.rounds", 3);
  private static final String BASELINE = "dagaware";
  private static final Pattern LAUNCH = Pattern.compile("Launching container_");

  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().build();

  /** A scheduler and its keys, set when the session (its AM) starts. */
  private record Setup(String name, Map<String, String> settings) {
  }

  private static List<Setup> setups() {
    String dagAware = "org.apache.tez.dag.app.rm.DagAwareYarnTaskScheduler";
    String ours = HiveOnTezIT.SCHEDULER_CLASS;
    return List.of(
        new Setup(BASELINE, Map.of("tez.am.yarn.scheduler.class", dagAware)),
        // What sched-compare's search picked for DagAware in simulation, and sched-real runs against.
        new Setup("dagaware_tuned", Map.of("tez.am.yarn.scheduler.class", dagAware,
            "tez.am.container.reuse.non-local-fallback.enabled", "true",
            "tez.am.container.idle.release-timeout-min.millis", "500",
            "tez.am.container.idle.release-timeout-max.millis", "500")),
        // Ours' defaults: idle containers held 5 s (Tez's hold them 5-10 s), 0.5 s once the queue is full,
        // and up to 8 kept between DAGs while YARN's headroom has room for as many again.
        new Setup("tezext", Map.of("tez.am.yarn.scheduler.class", ours)),
        // What docs/scheduler.md gives a busy shared queue (and ours' defaults before 2026-11-28).
        new Setup("tezext_quick", Map.of("tez.am.yarn.scheduler.class", ours,
            "tezext.scheduler.idle.release-ms", "500", "tezext.scheduler.session.held-containers", "0")));
  }

  @Test
  void sessionsOfBackToBackQueriesUnderEachScheduler() throws Exception {
    if (ROUNDS < 2) {
      throw new IllegalArgumentException("-Dtezext.hive-session.rounds must be 2 or more for an interval, was " + ROUNDS);
    }
    StarSchema data = new StarSchema(2026);
    Path hiveDir = CLUSTER.newDirectory("hive");
    Path text = CLUSTER.newDirectory("star-text");
    data.writeText(text, 6);
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, Map.of())) {
      StarLoad.load(hive, text); // also warms the cluster: every setup's first session starts alike
    }
    String jar = Path.of(System.getProperty("tezext.jar", "target/missing.jar")).toAbsolutePath().toUri().toString();
    List<Setup> setups = setups();
    Map<String, List<Session>> sessions = new LinkedHashMap<>();
    setups.forEach(s -> sessions.put(s.name(), new ArrayList<>()));
    StringBuilder report = new StringBuilder();
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = 0; i < setups.size(); i++) {
        Setup setup = setups.get((i + round) % setups.size());
        Map<String, String> settings = new LinkedHashMap<>(setup.settings());
        settings.put("tez.aux.uris", jar); // every setup localizes the same jar: only the scheduler differs
        Session s = session(hiveDir, data, settings);
        sessions.get(setup.name()).add(s);
        String line = String.format(Locale.ROOT, "round %d %-15s first %6.2f s  queries %s = %6.2f s  containers %d%n",
            round + 1, setup.name(), s.firstS, s.queryS, s.totalS(), s.containers);
        report.append(line);
        System.out.print(line);
      }
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("benchmark", "hive-session");
    json.put("rounds", ROUNDS);
    json.put("queries", StarQueries.ALL.size());
    Map<String, Object> totals = new LinkedHashMap<>();
    Map<String, Object> firsts = new LinkedHashMap<>();
    Map<String, Object> launched = new LinkedHashMap<>();
    for (var e : sessions.entrySet()) {
      totals.put(e.getKey(), round3(e.getValue().stream().mapToDouble(Session::totalS).average().orElseThrow()));
      firsts.put(e.getKey(), round3(e.getValue().stream().mapToDouble(s -> s.firstS).average().orElseThrow()));
      launched.put(e.getKey(), round3(e.getValue().stream().mapToInt(s -> s.containers).average().orElseThrow()));
    }
    json.put("session_queries_s", totals);
    json.put("first_query_s", firsts);
    json.put("containers_launched", launched);
    for (Setup setup : setups) {
      if (!setup.name().equals(BASELINE)) {
        json.put(setup.name() + "_vs_" + BASELINE, ratio(sessions.get(setup.name()), sessions.get(BASELINE)));
      }
    }
    report.append(new ObjectMapper().writeValueAsString(json)).append('\n');
    Files.writeString(Path.of("target", "hive-session.txt"), report);
    System.out.println(report);
    assertThat(sessions.values()).allSatisfy(runs -> assertThat(runs).hasSize(ROUNDS));
  }

  /** One session's figures: its first query (with the AM's start), each query after it, task containers launched. */
  private record Session(double firstS, List<Double> queryS, int containers) {
    double totalS() {
      return queryS.stream().mapToDouble(Double::doubleValue).sum();
    }
  }

  private static Session session(Path hiveDir, StarSchema data, Map<String, String> settings) throws Exception {
    ApplicationId am;
    double first;
    List<Double> times = new ArrayList<>();
    try (HiveOnTez hive = HiveOnTez.open(CLUSTER, hiveDir, settings)) {
      first = timed(hive, StarQueries.SCAN_FILTER_AGGREGATE, data);
      for (StarQueries.Query q : StarQueries.ALL) {
        times.add(timed(hive, q, data));
      }
      am = hive.amApplicationId();
    }
    return new Session(first, List.copyOf(times), launches(CLUSTER.amLog(am)));
  }

  /** Seconds to answer {@code q} (its settings, then the query), the answer checked outside the time. */
  private static double timed(HiveOnTez hive, StarQueries.Query q, StarSchema data) throws Exception {
    long start = System.nanoTime();
    for (String setting : q.settings()) {
      hive.run(setting);
    }
    List<List<String>> rows = hive.query(q.sql());
    double seconds = (System.nanoTime() - start) / 1e9;
    q.check(rows, data);
    return round3(seconds);
  }

  /** The task containers the AM launched, by its container launcher's log lines. */
  private static int launches(String amLog) {
    return (int) LAUNCH.matcher(amLog).results().count();
  }

  /** {@code ours}' session total over {@code base}'s, round by round: geometric mean and 95% t-interval. */
  private static Map<String, Object> ratio(List<Session> ours, List<Session> base) {
    SummaryStatistics logs = new SummaryStatistics();
    for (int r = 0; r < ours.size(); r++) {
      logs.addValue(Math.log(ours.get(r).totalS() / base.get(r).totalS()));
    }
    double half = logs.getN() < 2 ? Double.NaN
        : new TDistribution(logs.getN() - 1).inverseCumulativeProbability(0.975) * logs.getStandardDeviation()
            / Math.sqrt(logs.getN());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ratio", round3(Math.exp(logs.getMean())));
    out.put("ci_low", round3(Math.exp(logs.getMean() - half)));
    out.put("ci_high", round3(Math.exp(logs.getMean() + half)));
    return out;
  }

  private static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
