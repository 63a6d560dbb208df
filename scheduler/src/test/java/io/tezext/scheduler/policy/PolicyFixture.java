package io.tezext.scheduler.policy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;

import io.tezext.scheduler.config.DagSettings;
import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.locality.ClusterView;
import io.tezext.scheduler.requests.DagShape;
import io.tezext.scheduler.requests.PendingRequest;

/**
 * A scheduling policy on a controlled clock, a small cluster (hosts {@code a1..a3} on rack
 * {@code /a}, {@code b1..b3} on {@code /b}) and a recording of every decision, for tests that drive
 * it call by call, as Tez's own scheduler tests drive theirs.
 */
final class PolicyFixture {
  static final int GB = 1024;
  private static final ApplicationAttemptId APP =
      ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);

  final Cluster cluster = new Cluster();
  final Recorder out = new Recorder();
  final SchedulingPolicy policy;
  long now;
  private long nextContainer = 1;
  private final Map<Integer, BitSet> descendants = new HashMap<>();

  PolicyFixture(Map<String, String> amKeys) {
    Configuration conf = new Configuration(false);
    amKeys.forEach(conf::set);
    policy = new SchedulingPolicy(SchedulerSettings.of(conf), cluster, Object::equals, out);
  }

  PolicyFixture() {
    this(Map.of());
  }

  /**
   * Starts a DAG whose vertex {@code v} has the descendants given as {@code v, d1, d2, ...} arrays,
   * with more vertices than any test asks for (some vertex may always ask yet).
   */
  void startDag(Map<String, String> dagKeys, int[]... edges) {
    startDag(1_000, dagKeys, edges);
  }

  /** Starts a DAG of {@code vertices} vertices, descendants as above. */
  void startDag(int vertices, Map<String, String> dagKeys, int[]... edges) {
    for (int[] e : edges) {
      BitSet d = new BitSet();
      for (int i = 1; i < e.length; i++) {
        d.set(e[i]);
      }
      descendants.put(e[0], d);
    }
    Configuration conf = new Configuration(false);
    dagKeys.forEach(conf::set);
    policy.dagStarted(now, new DagShape(vertices, v -> descendants.getOrDefault(v, new BitSet())),
        DagSettings.of(conf));
  }

  void request(String task, int vertex, int priority, String... hosts) {
    request(task, vertex, priority, GB, "jvm", hosts);
  }

  void request(String task, int vertex, int priority, int memoryMb, Object signature, String... hosts) {
    policy.taskRequested(now, task, task + "-cookie", vertex, priority, memoryMb, 1, signature,
        hosts.length == 0 ? null : hosts, null, null);
  }

  Container container(String host, int priority) {
    return container(host, priority, GB);
  }

  Container container(String host, int priority, int memoryMb) {
    ContainerId id = ContainerId.newContainerId(APP, nextContainer++);
    return Container.newInstance(id, NodeId.newInstance(host, 8041), host + ":8042",
        Resource.newInstance(memoryMb, 1), Priority.newInstance(priority), null);
  }

  /** YARN allocates these containers now. */
  void allocate(Container... containers) {
    policy.containersAllocated(now, List.of(containers));
  }

  /** A task ends (successfully, so its container may run another). */
  void finish(String task) {
    policy.taskDeallocated(now, task, true);
  }

  void heartbeat(long headroomMb) {
    policy.heartbeat(now, headroomMb, 100, false);
  }

  /** Moves the clock on and fires the wake-up the policy asked for, if it is due by then. */
  void advanceTo(long timeMs) {
    while (out.wakeAt != Long.MAX_VALUE && out.wakeAt <= timeMs) {
      now = out.wakeAt;
      out.wakeAt = Long.MAX_VALUE;
      policy.wake(now);
    }
    now = timeMs;
  }

  /** Hosts a1..a3 on /a, b1..b3 on /b; a host can be marked lost. */
  static final class Cluster implements ClusterView {
    final Set<String> lost = new HashSet<>();

    @Override
    public int nodeCount() {
      return 6;
    }

    @Override
    public String rackOf(String host) {
      return "/" + host.charAt(0);
    }

    @Override
    public boolean usable(String host) {
      return !lost.contains(host);
    }
  }

  /** Every decision, in order. */
  static final class Recorder implements Decisions {
    final Map<Object, ContainerId> assigned = new HashMap<>();
    final List<String> log = new ArrayList<>();
    final List<PendingRequest> asked = new ArrayList<>();
    final List<PendingRequest> withdrawn = new ArrayList<>();
    final List<ContainerId> released = new ArrayList<>();
    final List<ContainerId> preempted = new ArrayList<>();
    final List<Object> completed = new ArrayList<>();
    long wakeAt = Long.MAX_VALUE;

    @Override
    public void assign(Object task, Object cookie, Container container, boolean reused) {
      if (!cookie.equals(task + "-cookie")) {
        throw new AssertionError("cookie of " + task + " changed: " + cookie);
      }
      assigned.put(task, container.getId());
      log.add("assign " + task + " " + container.getNodeId().getHost());
    }

    @Override
    public void ask(PendingRequest request) {
      asked.add(request);
    }

    @Override
    public void withdraw(PendingRequest request) {
      withdrawn.add(request);
    }

    @Override
    public void release(ContainerId container, boolean ranTasks) {
      released.add(container);
      log.add("release " + container);
    }

    @Override
    public void preempt(ContainerId container) {
      preempted.add(container);
      log.add("preempt " + container);
    }

    @Override
    public void containerCompleted(Object task, ContainerStatus status) {
      completed.add(task);
    }

    @Override
    public void wakeAt(long timeMs) {
      wakeAt = timeMs;
    }

    /** The host the task was given a container on, or null. */
    String hostOf(Object task, List<Container> containers) {
      ContainerId id = assigned.get(task);
      return containers.stream().filter(c -> c.getId().equals(id)).map(c -> c.getNodeId().getHost()).findFirst()
          .orElse(null);
    }
  }
}
