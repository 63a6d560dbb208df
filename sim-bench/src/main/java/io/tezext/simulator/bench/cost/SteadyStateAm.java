package io.tezext.simulator.bench.cost;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.tez.common.TezUtils;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.serviceplugins.api.ServicePluginException;
import org.apache.tez.serviceplugins.api.TaskScheduler;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;

import io.tezext.simulator.am.JvmSignatureMatcher;
import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.engine.VirtualTimeExecutor;
import io.tezext.simulator.scheduler.SchedulerKind;
import io.tezext.simulator.workload.ReplicaPlacement;

/**
 * A Tez AM in the middle of a large query, driving one scheduler in virtual time, one heartbeat
 * per {@link #heartbeat()}: 10,000 task attempts wait for containers and 1,000 containers run
 * attempts. Each heartbeat (1 s, Tez's {@code tez.am.rm.heartbeat.interval-ms.max}):
 *
 * <ol>
 *   <li>the 20 longest-running attempts finish (deallocateTask, succeeded): with 1,000 containers,
 *       attempts of about 50 s, a common Hive scan task;</li>
 *   <li>the RM's answer: the containers the scheduler released last time are confirmed completed,
 *       and the next 2 longest-running attempts die with their container (over their memory limit,
 *       as Hive tasks do), their statuses delivered (onContainersCompleted);</li>
 *   <li>the RM grants as many containers as it reported completed, each on a host of one of the
 *       highest-priority, longest-waiting attempts (as YARN's delay scheduling mostly manages), so
 *       the AM keeps its 1,000 (onContainersAllocated);</li>
 *   <li>getProgress, where both schedulers consider preemption;</li>
 *   <li>the AM acts on what the scheduler told it: preempts what it was asked to, re-runs died and
 *       preempted attempts at Tez's re-run priority, and asks for one new attempt of a vertex for
 *       each of its first attempts that got a container, so that 10,000 keep waiting
 *       (allocateTask).</li>
 * </ol>
 * Timers the scheduler set (reuse delays, wake-ups) fire at their virtual times in between. Each
 * scheduler runs its defaults, with Tez's container reuse on.
 */
final class SteadyStateAm {
  static final int PENDING_REQUESTS = 10_000;
  static final int HELD_CONTAINERS = 1_000;
  static final int FINISHED_PER_HEARTBEAT = 20;
  static final int DIED_PER_HEARTBEAT = 2;
  static final long HEARTBEAT_MS = 1_000;
  /** Heartbeats before the state counts as steady: a few lifetimes of a task, so waits and reuse have settled. */
  static final int SETTLING_HEARTBEATS = 200;

  /** Waiting attempts by vertex: the two big scans, and the join's first attempts (asked early by slow start). */
  private static final int[] WAITING_MIX = {6_000, 3_000, 0, 1_000, 0};
  /** Running attempts by vertex when the benchmark starts: the three scans. */
  private static final int[] RUNNING_MIX = {500, 300, 200, 0, 0};
  /** The launch context of every task: one container size, one JVM setting (see SteadyStateContext). */
  private static final int TASK_MB = 4_096;
  private static final Object JVM_SIGNATURE = JvmSignatureMatcher.signatureOf(TASK_MB);

  private final EventLoop loop = new EventLoop();
  private final ScanJoinAggregateDag dag = new ScanJoinAggregateDag();
  private final ApplicationAttemptId attemptId =
      ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);
  private final Resource taskSize = Resource.newInstance(TASK_MB, 1);
  private final OfflineAmRmClient<?> client =
      new OfflineAmRmClient<>(RackedCluster.RACKS * RackedCluster.NODES_PER_RACK, Resource.newInstance(32_768, 16));
  private final ReplicaPlacement replicas;
  private final TaskScheduler scheduler;
  @SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler
  private final AMRMClientAsync.CallbackHandler heartbeats;
  private final Map<String, NodeId> nodeIds = new HashMap<>();

  /** Attempts waiting for a container, by priority, longest-waiting first. */
  private final TreeMap<Integer, LinkedHashSet<QueryAttempt>> waiting = new TreeMap<>();
  private int waitingCount;
  /** Attempts in the order they started; those no longer running are skipped when reached. */
  private final ArrayDeque<QueryAttempt> started = new ArrayDeque<>();
  private final Map<QueryAttempt, ContainerId> running = new HashMap<>();
  /** Live containers that have run an attempt (to count reuse). */
  private final Set<ContainerId> warm = new HashSet<>();
  /** What the AM does once the scheduler's call has returned. */
  private final ArrayDeque<QueryAttempt> toRequest = new ArrayDeque<>();
  private final ArrayDeque<ContainerId> toPreempt = new ArrayDeque<>();
  private boolean replenish;
  private boolean exchanged;
  private long containerSequence;
  final HeartbeatWork work = new HeartbeatWork();

  private SteadyStateAm(SchedulerKind kind, long seed) {
    RackedCluster cluster = RackedCluster.installed();
    this.replicas = new ReplicaPlacement(cluster.hosts, new SplittableRandom(seed));
    Configuration conf = new Configuration(false);
    conf.setBoolean(TezConfiguration.TEZ_AM_CONTAINER_REUSE_ENABLED, true);
    conf.setLong(TezConfiguration.TEZ_AM_CONTAINER_REUSE_LOCALITY_DELAY_ALLOCATION_MILLIS,
        TezConfiguration.TEZ_AM_CONTAINER_REUSE_LOCALITY_DELAY_ALLOCATION_MILLIS_DEFAULT);
    conf.setBoolean(TezConfiguration.TEZ_AM_CONTAINER_REUSE_RACK_FALLBACK_ENABLED,
        TezConfiguration.TEZ_AM_CONTAINER_REUSE_RACK_FALLBACK_ENABLED_DEFAULT);
    conf.setBoolean(TezConfiguration.TEZ_AM_CONTAINER_REUSE_NON_LOCAL_FALLBACK_ENABLED,
        TezConfiguration.TEZ_AM_CONTAINER_REUSE_NON_LOCAL_FALLBACK_ENABLED_DEFAULT);
    try {
      SteadyStateContext context =
          new SteadyStateContext(this, TezUtils.createUserPayloadFromConf(conf), attemptId, dag);
      this.scheduler = construct(kind, context);
      this.heartbeats = (AMRMClientAsync.CallbackHandler) scheduler;
      scheduler.initialize();
      scheduler.start();
    } catch (Exception e) {
      throw new IllegalStateException("cannot start " + kind.cliName() + " for the benchmark", e);
    }
  }

  /** The scheduler's virtual-time constructor, as the simulator calls it (SchedulerClass). */
  private TaskScheduler construct(SchedulerKind kind, TaskSchedulerContext context)
      throws ReflectiveOperationException {
    Constructor<?> constructor = Class.forName(kind.className()).getConstructor(TaskSchedulerContext.class,
        LongSupplier.class, ScheduledExecutorService.class, AMRMClient.class);
    try {
      return (TaskScheduler) constructor.newInstance(context, loop, new VirtualTimeExecutor(loop, Phase.TIMER),
          client);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("constructing " + kind.className() + " failed", e.getCause());
    }
  }

  /**
   * An AM at steady state: 1,000 containers granted and running the scans' first attempts, then
   * 10,000 attempts asked for, then {@link #SETTLING_HEARTBEATS} heartbeats; the work counts start
   * from there.
   */
  static SteadyStateAm start(SchedulerKind kind, long seed) {
    SteadyStateAm am = new SteadyStateAm(kind, seed);
    am.fill();
    for (int i = 0; i < SETTLING_HEARTBEATS; i++) {
      am.heartbeat();
    }
    am.work.reset();
    return am;
  }

  private void fill() {
    for (int vertex = 0; vertex < RUNNING_MIX.length; vertex++) {
      for (int i = 0; i < RUNNING_MIX[vertex]; i++) {
        toRequest.add(firstAttempt(vertex));
      }
    }
    actOnCallbacks();
    heartbeats.onContainersAllocated(grant(HELD_CONTAINERS));
    actOnCallbacks();
    replenish = true;
    for (int vertex = 0; vertex < WAITING_MIX.length; vertex++) {
      for (int i = 0; i < WAITING_MIX[vertex]; i++) {
        toRequest.add(firstAttempt(vertex));
      }
    }
    actOnCallbacks();
  }

  /** One AM-RM heartbeat, and the timers due before it. Returns the attempts running (for JMH to consume). */
  int heartbeat() {
    exchanged = false;
    loop.at(loop.now() + HEARTBEAT_MS, Phase.AM_HEARTBEAT, this::exchange);
    loop.run(() -> exchanged);
    return running.size();
  }

  private void exchange() {
    work.heartbeats++;
    finishLongestRunning(FINISHED_PER_HEARTBEAT);
    List<ContainerId> released = client.send();
    work.released += released.size();
    List<ContainerStatus> completed = new ArrayList<>(released.size() + DIED_PER_HEARTBEAT);
    for (ContainerId id : released) {
      warm.remove(id);
      completed.add(ContainerStatus.newInstance(id, ContainerState.COMPLETE, "Container released by the AM",
          ContainerExitStatus.ABORTED));
    }
    for (ContainerId id : dieLongestRunning(DIED_PER_HEARTBEAT)) {
      warm.remove(id);
      completed.add(ContainerStatus.newInstance(id, ContainerState.COMPLETE, "Container killed: over its memory limit",
          ContainerExitStatus.KILLED_EXCEEDED_PMEM));
    }
    if (!completed.isEmpty()) { // YARN's async client calls back only with something to say
      work.completedStatuses += completed.size();
      heartbeats.onContainersCompleted(completed);
    }
    List<Container> granted = grant(completed.size());
    if (!granted.isEmpty()) {
      heartbeats.onContainersAllocated(granted);
    }
    heartbeats.getProgress();
    actOnCallbacks();
    exchanged = true;
  }

  private void finishLongestRunning(int count) {
    int finished = 0;
    while (finished < count && !started.isEmpty()) {
      QueryAttempt a = started.pollFirst();
      if (running.remove(a) != null) { // else it died or was preempted meanwhile
        finished++;
        work.finished++;
        call(() -> scheduler.deallocateTask(a, true, null, null));
      }
    }
  }

  /** The containers of the next longest-running attempts, which die; the scheduler tells the AM (containerCompleted). */
  private List<ContainerId> dieLongestRunning(int count) {
    List<ContainerId> died = new ArrayList<>(count);
    for (Iterator<QueryAttempt> it = started.iterator(); it.hasNext() && died.size() < count;) {
      ContainerId id = running.get(it.next());
      if (id != null) {
        died.add(id);
      }
    }
    return died;
  }

  /** New containers from the RM, each on a host of the highest-priority, longest-waiting attempts with hosts. */
  private List<Container> grant(int count) {
    List<Container> granted = new ArrayList<>(count);
    for (LinkedHashSet<QueryAttempt> atPriority : waiting.values()) {
      for (QueryAttempt a : atPriority) {
        if (granted.size() == count) {
          work.allocated += granted.size();
          return granted;
        }
        if (a.hosts != null) {
          String host = a.hosts[0];
          NodeId node = nodeIds.computeIfAbsent(host, h -> NodeId.newInstance(h, 8041));
          granted.add(Container.newInstance(ContainerId.newContainerId(attemptId, ++containerSequence), node,
              host + ":8042", taskSize, Priority.newInstance(a.priority), null));
        }
      }
    }
    work.allocated += granted.size();
    return granted;
  }

  /** The AM's dispatcher: what the scheduler's callbacks asked for, done after they returned. */
  private void actOnCallbacks() {
    while (!toPreempt.isEmpty() || !toRequest.isEmpty()) {
      ContainerId preempt = toPreempt.pollFirst();
      if (preempt != null) {
        work.preempted++;
        Object task = call(() -> scheduler.deallocateContainer(preempt));
        if (task instanceof QueryAttempt a && preempt.equals(running.get(a))) {
          running.remove(a);
          toRequest.add(rerunOf(a));
        }
        continue;
      }
      QueryAttempt a = toRequest.pollFirst();
      waiting.computeIfAbsent(a.priority, p -> new LinkedHashSet<>()).add(a);
      waitingCount++;
      work.requests++;
      call(() -> {
        scheduler.allocateTask(a, taskSize, a.hosts, null, Priority.newInstance(a.priority), JVM_SIGNATURE, null);
        return null;
      });
    }
  }

  /** A call into the scheduler; the plugin API declares a checked exception the benchmark can only fail on. */
  private static <T> T call(SchedulerCall<T> call) {
    try {
      return call.run();
    } catch (ServicePluginException e) {
      throw new IllegalStateException("the scheduler failed in the middle of a benchmark", e);
    }
  }

  @FunctionalInterface
  private interface SchedulerCall<T> {
    T run() throws ServicePluginException;
  }

  private QueryAttempt firstAttempt(int vertex) {
    boolean scan = vertex <= ScanJoinAggregateDag.SCAN_ITEMS; // scans read HDFS splits; the rest read shuffled data
    String[] hosts = scan ? replicas.nextBlock().toArray(new String[0]) : null;
    return new QueryAttempt(vertex, dag.priority(vertex, false), hosts, false);
  }

  private QueryAttempt rerunOf(QueryAttempt a) {
    return new QueryAttempt(a.vertex, dag.priority(a.vertex, true), a.hosts, true);
  }

  // ---- the scheduler's callbacks (SteadyStateContext) ----

  void taskAllocated(QueryAttempt a, Container container) {
    LinkedHashSet<QueryAttempt> atPriority = waiting.get(a.priority);
    if (atPriority == null || !atPriority.remove(a)) {
      throw new IllegalStateException("the scheduler gave " + container.getId() + " to " + a
          + ", which is not waiting for a container");
    }
    if (atPriority.isEmpty()) {
      waiting.remove(a.priority);
    }
    waitingCount--;
    if (running.put(a, container.getId()) != null) {
      throw new IllegalStateException("the scheduler gave " + a + " a second container");
    }
    started.addLast(a);
    work.assigned++;
    if (!warm.add(container.getId())) {
      work.reused++;
    }
    if (replenish && !a.rerun && WAITING_MIX[a.vertex] > 0) {
      toRequest.add(firstAttempt(a.vertex)); // the vertex's next task
    }
  }

  void containerCompleted(QueryAttempt lastTask, ContainerStatus status) {
    if (status.getContainerId().equals(running.get(lastTask))) { // else its attempt had already finished
      running.remove(lastTask);
      work.died++;
      toRequest.add(rerunOf(lastTask));
    }
  }

  void preemptionRequested(ContainerId id) {
    toPreempt.add(id);
  }

  // ---- checks ----

  /**
   * Fails unless the AM is where the benchmark says it is: about 1,000 containers held and nearly
   * all running attempts, about 10,000 attempts waiting, and YARN's client holding an ask for each
   * (so the scheduler really carries those requests).
   */
  void checkSteadyState(String when) {
    int held = scheduler.getHeldContainersCount();
    long asks = client.outstandingAsks();
    List<String> problems = new ArrayList<>();
    if (Math.abs(held - HELD_CONTAINERS) > HELD_CONTAINERS / 20) {
      problems.add("holds " + held + " containers, not about " + HELD_CONTAINERS);
    }
    if (running.size() < held * 9 / 10) {
      problems.add("runs attempts in only " + running.size() + " of its " + held + " containers");
    }
    if (waitingCount < PENDING_REQUESTS || waitingCount > PENDING_REQUESTS * 21 / 20) {
      problems.add(waitingCount + " attempts wait, not about " + PENDING_REQUESTS);
    }
    if (Math.abs(asks - waitingCount) > waitingCount / 100) {
      problems.add("YARN's client holds " + asks + " asks for " + waitingCount + " waiting attempts");
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException(scheduler.getClass().getSimpleName() + " " + when + ": "
          + String.join("; ", problems));
    }
  }

  /** One line: containers held and running, attempts waiting, asks at YARN. */
  String state() {
    return String.format(Locale.ROOT, "%d containers held, %d running attempts, %d attempts waiting, "
        + "%d asks at YARN", scheduler.getHeldContainersCount(), running.size(), waitingCount, client.outstandingAsks());
  }
}
