package io.tezext.simulator.workload.tezhistory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How the recorded task attempts launched and ran, from which the simulator's launch model is
 * calibrated. Each successful attempt's launch is one of three kinds: warm (a reused container: its
 * JVM had run a task), localizing (a new container on a NodeManager where the application had not
 * started a task yet, so the NodeManager was still downloading its resources) or cold (any other new
 * container). A task in a new JVM also runs longer than in a reused one (class loading, JIT); that
 * difference, where a vertex shows both, is the cold-task penalty.
 */
public final class RecordedLaunches {
  /** The kinds of launch, by what the container had been through. */
  public enum Kind { LOCALIZING, COLD, WARM }

  /**
   * One successful attempt: its task, where it ran ({@code node}: the NodeManager, host:port), its
   * container, when the container was allocated and the task started, and how long its work took
   * (the duration the replayed workload gives the task).
   */
  public record Launch(String app, String dagId, String vertex, int task, String node, String container,
      long allocationMs, long startMs, long endMs, long workMs) {
    long latencyMs() {
      return startMs - allocationMs;
    }
  }

  private final List<Launch> launches;
  private final Kind[] kinds;

  private RecordedLaunches(List<Launch> launches, Kind[] kinds) {
    this.launches = launches;
    this.kinds = kinds;
  }

  static RecordedLaunches of(List<Launch> launches) {
    Map<String, Long> firstStartInContainer = new HashMap<>();
    Map<String, Long> firstStartOnNode = new HashMap<>();
    for (Launch l : launches) {
      firstStartInContainer.merge(l.container(), l.startMs(), Math::min);
      firstStartOnNode.merge(l.app() + '@' + l.node(), l.startMs(), Math::min);
    }
    Kind[] kinds = new Kind[launches.size()];
    for (int i = 0; i < kinds.length; i++) {
      Launch l = launches.get(i);
      if (firstStartInContainer.get(l.container()) != l.startMs()) {
        kinds[i] = Kind.WARM;
      } else if (l.allocationMs() < firstStartOnNode.get(l.app() + '@' + l.node())) {
        kinds[i] = Kind.LOCALIZING;
      } else {
        kinds[i] = Kind.COLD;
      }
    }
    return new RecordedLaunches(List.copyOf(launches), kinds);
  }

  /** The launch latencies of one kind, in record order. */
  public long[] latenciesMs(Kind kind) {
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < kinds.length; i++) {
      if (kinds[i] == kind) {
        values.add(launches.get(i).latencyMs());
      }
    }
    return values.stream().mapToLong(Long::longValue).toArray();
  }

  /** The median cold launch, or the median localizing one when every new container was the first on its node. */
  public long medianColdMs(long fallback) {
    long[] cold = latenciesMs(Kind.COLD);
    long[] localizing = latenciesMs(Kind.LOCALIZING);
    return cold.length > 0 ? median(cold) : localizing.length > 0 ? median(localizing) : fallback;
  }

  /** How much longer a launch took while the application's resources were being localized; 0 if unknown. */
  public long medianLocalizationMs() {
    long[] cold = latenciesMs(Kind.COLD);
    long[] localizing = latenciesMs(Kind.LOCALIZING);
    if (cold.length == 0 || localizing.length == 0) {
      return 0;
    }
    return Math.max(0, median(localizing) - median(cold));
  }

  public long medianWarmMs(long fallback) {
    long[] warm = latenciesMs(Kind.WARM);
    return warm.length > 0 ? median(warm) : fallback;
  }

  /**
   * How much longer a task's work takes in a new JVM than in a reused one: over the vertices that
   * ran tasks both ways, the median of (median new-JVM work - median reused work); 0 when no vertex
   * did, or when new JVMs were not slower.
   */
  public long coldTaskPenaltyMs() {
    List<Long> differences = new ArrayList<>();
    byVertex().forEach((vertex, works) -> {
      if (!works[0].isEmpty() && !works[1].isEmpty()) {
        differences.add(median(toArray(works[0])) - median(toArray(works[1])));
      }
    });
    return differences.isEmpty() ? 0 : Math.max(0, median(toArray(differences)));
  }

  /** How many vertices ran tasks both in new and in reused JVMs (the evidence for the cold-task penalty). */
  public int verticesWithColdAndWarmTasks() {
    return (int) byVertex().values().stream().filter(w -> !w[0].isEmpty() && !w[1].isEmpty()).count();
  }

  /** Vertex -> [works in new JVMs, works in reused ones]. */
  private Map<String, List<Long>[]> byVertex() {
    Map<String, List<Long>[]> byVertex = new LinkedHashMap<>();
    for (int i = 0; i < kinds.length; i++) {
      Launch l = launches.get(i);
      @SuppressWarnings("unchecked")
      List<Long>[] works = byVertex.computeIfAbsent(l.dagId() + '/' + l.vertex(),
          v -> new List[] {new ArrayList<Long>(), new ArrayList<Long>()});
      works[kinds[i] == Kind.WARM ? 1 : 0].add(l.workMs());
    }
    return byVertex;
  }

  /** Tasks (dag/vertex/task) whose successful attempt ran in a new JVM. */
  public Set<String> tasksInNewJvms() {
    Set<String> tasks = new HashSet<>();
    for (int i = 0; i < kinds.length; i++) {
      if (kinds[i] != Kind.WARM) {
        Launch l = launches.get(i);
        tasks.add(taskKey(l.dagId(), l.vertex(), l.task()));
      }
    }
    return tasks;
  }

  static String taskKey(String dagId, String vertex, int task) {
    return dagId + '/' + vertex + '/' + task;
  }

  /** The NodeManagers (host:port) the attempts ran on. */
  public Set<String> nodes() {
    Set<String> nodes = new TreeSet<>();
    launches.forEach(l -> nodes.add(l.node()));
    return nodes;
  }

  /** The most containers alive at once, each from its allocation to its last attempt's end. */
  public int peakContainers() {
    Map<String, long[]> spans = new HashMap<>();
    for (Launch l : launches) {
      long[] span = spans.computeIfAbsent(l.container(), c -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
      span[0] = Math.min(span[0], l.allocationMs());
      span[1] = Math.max(span[1], l.endMs());
    }
    List<long[]> edges = new ArrayList<>();
    spans.values().forEach(s -> {
      edges.add(new long[] {s[0], 1});
      edges.add(new long[] {s[1], -1});
    });
    edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    int live = 0;
    int peak = 0;
    for (long[] e : edges) {
      live += (int) e[1];
      peak = Math.max(peak, live);
    }
    return peak;
  }

  public int size() {
    return launches.size();
  }

  /** The middle value; the mean of the middle two for an even count (with few launches, either one alone is biased). */
  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : Math.round((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0);
  }

  private static long[] toArray(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).toArray();
  }
}
