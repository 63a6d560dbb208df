package io.tezext.scheduler.tez;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongSupplier;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.QueueStatistics;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.proto.YarnServiceProtos.SchedulerResourceTypes;
import org.apache.hadoop.yarn.util.RackResolver;
import org.apache.tez.common.ContainerSignatureMatcher;
import org.apache.tez.common.TezUtils;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.serviceplugins.api.DagInfo;
import org.apache.tez.serviceplugins.api.ServicePluginErrorDefaults;
import org.apache.tez.serviceplugins.api.TaskAttemptEndReason;
import org.apache.tez.serviceplugins.api.TaskScheduler;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.tezext.scheduler.SuppressForbidden;
import io.tezext.scheduler.config.DagSettings;
import io.tezext.scheduler.config.SchedulerKeys;
import io.tezext.scheduler.config.SchedulerSettings;
import io.tezext.scheduler.policy.Decisions;
import io.tezext.scheduler.policy.SchedulingPolicy;
import io.tezext.scheduler.requests.DagShape;
import io.tezext.scheduler.requests.PendingRequest;
import io.tezext.settings.Scope;

/**
 * tezext's Tez task scheduler: name it in {@code tez-site.xml} as
 * {@code tez.am.yarn.scheduler.class = io.tezext.scheduler.tez.TezextTaskScheduler} (with our jar on
 * {@code tez.aux.uris}), and set its keys (docs/scheduler.md). It runs tasks in the containers YARN
 * gives the AM with relaxed or automatic locality per DAG, reuses containers by locality across
 * priorities, and preempts the least work when a higher-priority task waits.
 *
 * <p>This class is the machinery only: the AM-RM client and its heartbeat thread, a timer thread,
 * the AM callbacks. Every decision is {@link SchedulingPolicy}'s, made under one lock; the AM's
 * callbacks are made outside it, in the order decided; and, when {@code idle.queue-poll-ms} is set, a
 * client of the ResourceManager's client protocol on a thread of its own, asking what the AM's queue
 * waits for ({@link QueueWatch}). The other constructors run the same class with a given clock, timer
 * executor and synchronous AM-RM client (and a source of queue statistics), delivering heartbeats
 * themselves: how the simulator and the tests drive it, in virtual time.
 */
@SuppressWarnings("deprecation") // Tez's AMRMClientAsync takes the deprecated CallbackHandler
public class TezextTaskScheduler extends TaskScheduler implements AMRMClientAsync.CallbackHandler {
  private static final Logger LOG = LoggerFactory.getLogger(TezextTaskScheduler.class);

  private final Object lock = new Object();
  private final YarnAsks asks = new YarnAsks();
  private final ContainerSignatureMatcher signatures;
  private LongSupplier clock;
  private ScheduledExecutorService timer;
  private AMRMClient<ContainerRequest> client;
  private AMRMClientAsync<ContainerRequest> asyncClient;
  private final boolean ownsMachinery;
  /** A queue's name to what the ResourceManager says of it; null: not asked (a driver that gives none). */
  private Function<String, QueueStatistics> queueStatistics;
  private YarnClient yarnClient;
  private ScheduledExecutorService queuePollThread;
  private QueueWatch queueWatch;
  private YarnClusterView cluster;
  private SchedulingPolicy policy;
  /** The configuration the scheduler started with: its AM-scope keys are the ones in effect. */
  private Configuration amConf;
  private boolean countVcores;
  private int dagIndex = -1;
  /** The current DAG's configuration has a bad key of ours: the DAG is being failed, its tasks get nothing. */
  private boolean dagRejected;
  private BitSet[] descendants = new BitSet[0];
  private ScheduledFuture<?> wake;
  private long wakeAtMs = Long.MAX_VALUE;
  private volatile boolean stopping;
  private volatile boolean shouldUnregister;
  private volatile boolean unregistered;
  private Resource totalResources = Resource.newInstance(0, 0);

  /** The constructor the Tez AM calls: a real AM-RM client with its threads, a monotonic clock, a timer thread. */
  public TezextTaskScheduler(TaskSchedulerContext context) {
    super(context);
    this.signatures = context.getContainerSignatureMatcher();
    this.ownsMachinery = true;
  }

  /**
   * Runs the scheduler on a given clock, timer executor and synchronous AM-RM client, heartbeats
   * delivered by the caller; it does not ask what its queue waits for.
   */
  public TezextTaskScheduler(TaskSchedulerContext context, LongSupplier clock, ScheduledExecutorService executor,
      AMRMClient<?> client) {
    this(context, clock, executor, client, null);
  }

  /**
   * As above, and {@code queueStatistics} answers for the ResourceManager's client protocol (a queue's
   * name to {@code YarnClient#getQueueInfo(queue).getQueueStatistics()}), polled on {@code executor}.
   */
  @SuppressWarnings("unchecked")
  public TezextTaskScheduler(TaskSchedulerContext context, LongSupplier clock, ScheduledExecutorService executor,
      AMRMClient<?> client, Function<String, QueueStatistics> queueStatistics) {
    super(context);
    this.signatures = context.getContainerSignatureMatcher();
    this.clock = clock;
    this.timer = executor;
    this.client = (AMRMClient<ContainerRequest>) client;
    this.queueStatistics = queueStatistics;
    this.ownsMachinery = false;
  }

  @Override
  public void initialize() throws Exception {
    super.initialize();
    Configuration conf = TezUtils.createConfFromUserPayload(getContext().getInitialUserPayload());
    amConf = conf;
    SchedulerSettings settings;
    try {
      settings = SchedulerSettings.of(conf);
    } catch (IllegalArgumentException e) {
      reportStartFailure(e.getMessage());
      throw e;
    }
    if (ownsMachinery) {
      clock = new MonotonicClock();
      timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "tezext-scheduler-timer");
        t.setDaemon(true);
        return t;
      });
      client = AMRMClient.createAMRMClient();
      int heartbeatMs = conf.getInt(TezConfiguration.TEZ_AM_RM_HEARTBEAT_INTERVAL_MS_MAX,
          TezConfiguration.TEZ_AM_RM_HEARTBEAT_INTERVAL_MS_MAX_DEFAULT);
      asyncClient = AMRMClientAsync.createAMRMClientAsync(client, heartbeatMs, this);
      asyncClient.init(conf);
      RackResolver.init(conf);
      if (settings.idleQueuePollMs() > 0) {
        yarnClient = YarnClient.createYarnClient();
        yarnClient.init(conf);
        queueStatistics = this::readQueueStatistics;
        queuePollThread = Executors.newSingleThreadScheduledExecutor(r -> {
          Thread t = new Thread(r, "tezext-scheduler-queue-poll");
          t.setDaemon(true);
          return t;
        });
      }
    } else {
      client.init(conf);
    }
    queueWatch = new QueueWatch(settings.idleQueuePollMs() > 0 ? queueStatistics : null,
        queuePollThread != null ? queuePollThread : timer, settings.idleQueuePollMs(),
        waiting -> call(now -> policy.queueWaiting(waiting)));
    cluster = new YarnClusterView(() -> client.getClusterNodeCount());
    policy = new SchedulingPolicy(settings, cluster, (held, wanted) -> signatures.isSuperSet(held, wanted),
        new AdapterDecisions());
    LOG.info("tezext scheduler: {}", settings.summary());
  }

  private QueueStatistics readQueueStatistics(String queue) {
    try {
      QueueInfo info = yarnClient.getQueueInfo(queue);
      return info == null ? null : info.getQueueStatistics();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (YarnException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The AM fails to start: Tez logs why only in the AM's syslog, but YARN puts the tail of the AM
   * container's stderr into the diagnostics the client prints, so the key is named there too.
   */
  @SuppressForbidden("stderr reaches YARN's diagnostics for a failed AM; the log does not")
  private static void reportStartFailure(String message) {
    LOG.error("tezext scheduler: cannot start: {}", message);
    System.err.println("tezext scheduler: cannot start: " + message);
  }

  @Override
  public void start() throws Exception {
    super.start();
    if (asyncClient != null) {
      asyncClient.start();
    } else {
      client.start();
    }
    TaskSchedulerContext ctx = getContext();
    // Through the async client when there is one: it starts its heartbeat thread only on registering.
    RegisterApplicationMasterResponse response = asyncClient != null
        ? asyncClient.registerApplicationMaster(ctx.getAppHostName(), ctx.getAppClientPort(), ctx.getAppTrackingUrl())
        : client.registerApplicationMaster(ctx.getAppHostName(), ctx.getAppClientPort(), ctx.getAppTrackingUrl());
    ctx.setApplicationRegistrationData(response.getMaximumResourceCapability(), response.getApplicationACLs(),
        response.getClientToAMTokenMasterKey(), response.getQueue());
    countVcores = response.getSchedulerResourceTypes() != null
        && response.getSchedulerResourceTypes().contains(SchedulerResourceTypes.CPU);
    if (yarnClient != null) {
      yarnClient.start();
    }
    queueWatch.start(response.getQueue());
  }

  @Override
  public void initiateStop() {
    super.initiateStop();
    stopping = true;
    if (policy == null) {
      return; // initialize() failed: nothing was started
    }
    queueWatch.stop();
    Callbacks after = new Callbacks();
    synchronized (lock) {
      pending = after;
      policy.shutdown();
      pending = null;
    }
    after.run();
  }

  @Override
  public void shutdown() throws Exception {
    super.shutdown();
    if (client == null) {
      return; // initialize() failed: nothing was started
    }
    if (ownsMachinery && timer != null) {
      timer.shutdownNow();
    }
    if (queueWatch != null) { // null when initialize() failed on a bad key
      queueWatch.stop();
    }
    if (queuePollThread != null) {
      queuePollThread.shutdownNow();
    }
    if (yarnClient != null) {
      yarnClient.stop();
    }
    if (shouldUnregister && !unregistered) {
      TaskSchedulerContext.AppFinalStatus status = getContext().getFinalAppStatus();
      LOG.info("tezext scheduler: unregistering, {} {}", status.exitStatus, status.exitMessage);
      if (asyncClient != null) { // stops its heartbeat thread first
        asyncClient.unregisterApplicationMaster(status.exitStatus, status.exitMessage,
            status.postCompletionTrackingUrl);
      } else {
        client.unregisterApplicationMaster(status.exitStatus, status.exitMessage, status.postCompletionTrackingUrl);
      }
      unregistered = true;
    }
    if (asyncClient != null) {
      asyncClient.stop();
    } else {
      client.stop();
    }
  }

  // ---- the AM's calls ----

  @Override
  public void allocateTask(Object task, Resource capability, String[] hosts, String[] racks, Priority priority,
      Object containerSignature, Object clientCookie) {
    request(task, capability, hosts, racks, null, priority, containerSignature, clientCookie);
  }

  @Override
  public void allocateTask(Object task, Resource capability, ContainerId containerId, Priority priority,
      Object containerSignature, Object clientCookie) {
    request(task, capability, null, null, containerId, priority, containerSignature, clientCookie);
  }

  private void request(Object task, Resource capability, String[] hosts, String[] racks, ContainerId affinity,
      Priority priority, Object signature, Object cookie) {
    int vertex = getContext().getVertexIndexForTask(task);
    call(now -> {
      startDagIfNew(now);
      if (!dagRejected) {
        policy.taskRequested(now, task, cookie, vertex, priority.getPriority(), capability.getMemorySize(),
            capability.getVirtualCores(), signature, hosts, racks, affinity);
      }
    });
  }

  /**
   * The first request of a DAG: its settings are read and checked from its configuration (where a
   * Hive session's {@code SET} lands), its shape noted. A bad value of one of our keys fails that DAG
   * with a message naming the key, and the session goes on to its next DAG.
   */
  private void startDagIfNew(long now) {
    DagInfo dag = getContext().getCurrentDagInfo();
    if (dag == null || dag.getIndex() == dagIndex) {
      return;
    }
    dagIndex = dag.getIndex();
    DagSettings settings;
    try {
      settings = DagSettings.of(dag.getConf());
      dagRejected = false;
    } catch (IllegalArgumentException e) {
      dagRejected = true;
      String message = "DAG " + dag.getName() + ": " + e.getMessage();
      LOG.error("tezext scheduler: failing {}", message);
      pending.add(() -> getContext().reportError(ServicePluginErrorDefaults.OTHER, message, dag));
      return;
    }
    descendants = new BitSet[dag.getTotalVertices()];
    policy.dagStarted(now, new DagShape(descendants.length, vertex -> {
      if (vertex < 0 || vertex >= descendants.length) {
        return new BitSet();
      }
      if (descendants[vertex] == null) {
        descendants[vertex] = dag.getVertexDescendants(vertex);
      }
      return descendants[vertex];
    }), settings);
    LOG.info("tezext scheduler: DAG {} ({}): {}", dagIndex, dag.getName(), settings.summary());
    // Tez's plugin API gives no way to add a diagnostic to a DAG short of failing it: the DAG's log says it.
    for (String ignored : SchedulerKeys.KEYS.tooLate(Scope.DAG, amConf, dag.getConf())) {
      LOG.warn("tezext scheduler: DAG {} ({}): {}", dagIndex, dag.getName(), ignored);
    }
  }

  @Override
  public boolean deallocateTask(Object task, boolean taskSucceeded, TaskAttemptEndReason endReason,
      String diagnostics) {
    boolean[] held = new boolean[1];
    call(now -> held[0] = policy.taskDeallocated(now, task, taskSucceeded));
    return held[0];
  }

  @Override
  public Object deallocateContainer(ContainerId containerId) {
    Object[] task = new Object[1];
    call(now -> task[0] = policy.containerDeallocated(now, containerId));
    return task[0];
  }

  @Override
  public void dagComplete() {
    call(now -> {
      policy.dagCompleted(now);
      dagIndex = -1;
      dagRejected = false;
    });
  }

  @Override
  public Resource getAvailableResources() {
    Resource r = client.getAvailableResources();
    return r == null ? Resource.newInstance(0, 0) : r;
  }

  @Override
  public Resource getTotalResources() {
    return totalResources;
  }

  @Override
  public int getClusterNodeCount() {
    return client.getClusterNodeCount();
  }

  @Override
  public void blacklistNode(NodeId nodeId) {
    client.updateBlacklist(List.of(nodeId.getHost()), null);
    call(now -> {
      if (cluster.markUnusable(nodeId.getHost(), true)) {
        policy.nodesChanged(now);
      }
    });
  }

  @Override
  public void unblacklistNode(NodeId nodeId) {
    client.updateBlacklist(null, List.of(nodeId.getHost()));
    call(now -> cluster.markUnusable(nodeId.getHost(), false));
  }

  @Override
  public void setShouldUnregister() {
    shouldUnregister = true;
  }

  @Override
  public boolean hasUnregistered() {
    return unregistered;
  }

  @Override
  public int getHeldContainersCount() {
    synchronized (lock) {
      return policy.heldContainers();
    }
  }

  // ---- the AM-RM heartbeat ----

  @Override
  public float getProgress() {
    if (stopping) {
      return 1;
    }
    Resource headroom = getAvailableResources();
    call(now -> {
      if (totalResources.getMemorySize() == 0) {
        totalResources = Resource.newInstance(headroom.getMemorySize(), headroom.getVirtualCores());
      }
      policy.heartbeat(now, headroom.getMemorySize(), headroom.getVirtualCores(), countVcores);
      queueWatch.heartbeat();
    });
    return getContext().getProgress();
  }

  @Override
  public void onContainersAllocated(List<Container> containers) {
    if (stopping) {
      for (Container c : containers) {
        client.releaseAssignedContainer(c.getId());
      }
      return;
    }
    call(now -> policy.containersAllocated(now, containers));
    if (dagIndex != -1) { // Tez counts allocations against the running DAG
      containers.forEach(getContext()::containerAllocated);
    }
  }

  @Override
  public void onContainersCompleted(List<ContainerStatus> statuses) {
    if (!stopping) {
      call(now -> policy.containersCompleted(now, statuses));
    }
  }

  @Override
  public void onNodesUpdated(List<NodeReport> updatedNodes) {
    if (stopping) {
      return;
    }
    call(now -> {
      boolean changed = false;
      for (NodeReport report : updatedNodes) {
        NodeState state = report.getNodeState();
        changed |= cluster.markUnusable(report.getNodeId().getHost(), state != null && state.isUnusable());
      }
      if (changed) {
        policy.nodesChanged(now);
      }
    });
    getContext().nodesUpdated(updatedNodes);
  }

  @Override
  public void onShutdownRequest() {
    if (!stopping) {
      getContext().appShutdownRequested();
    }
  }

  @Override
  public void onError(Throwable e) {
    LOG.error("tezext scheduler: error from the AM-RM client", e);
    if (!stopping) {
      // Fatal, as Tez's own schedulers treat a ResourceManager error: the AM cannot go on without it.
      getContext().reportError(ServicePluginErrorDefaults.OTHER_FATAL, String.valueOf(e), null);
    }
  }

  // ---- one lock; AM callbacks after it ----

  /** Callbacks into the AM, collected under the lock by the call in progress and made after it. */
  private Callbacks pending;

  private void call(PolicyCall call) {
    Callbacks after = new Callbacks();
    synchronized (lock) {
      pending = after;
      try {
        call.run(clock.getAsLong());
      } finally {
        pending = null;
      }
    }
    after.run();
  }

  @FunctionalInterface
  private interface PolicyCall {
    void run(long nowMs);
  }

  /** AM callbacks in the order decided. */
  private static final class Callbacks {
    private final List<Runnable> list = new ArrayList<>();

    void add(Runnable r) {
      list.add(r);
    }

    void run() {
      list.forEach(Runnable::run);
    }
  }

  /** Carries out the policy's decisions: YARN calls at once (the client is thread-safe), AM callbacks after the lock. */
  private final class AdapterDecisions implements Decisions {
    @Override
    public void assign(Object task, Object cookie, Container container, boolean reused) {
      pending.add(() -> {
        if (reused) {
          getContext().containerReused(container);
        }
        getContext().taskAllocated(task, cookie, container);
      });
    }

    @Override
    public void ask(PendingRequest request) {
      ContainerRequest ask = asks.of(request);
      request.yarnAsk = ask;
      client.addContainerRequest(ask);
      queueWatch.asked(request.memoryMb);
    }

    @Override
    public void withdraw(PendingRequest request) {
      if (request.yarnAsk != null) {
        client.removeContainerRequest((ContainerRequest) request.yarnAsk);
        request.yarnAsk = null;
        queueWatch.withdrawn(request.memoryMb);
      }
    }

    @Override
    public void release(ContainerId container, boolean ranTasks) {
      client.releaseAssignedContainer(container);
      if (ranTasks) {
        pending.add(() -> getContext().containerBeingReleased(container));
      }
    }

    @Override
    public void preempt(ContainerId container) {
      LOG.info("tezext scheduler: preempting {}", container);
      pending.add(() -> getContext().preemptContainer(container));
    }

    @Override
    public void containerCompleted(Object task, ContainerStatus status) {
      pending.add(() -> getContext().containerCompleted(task, status));
    }

    @Override
    public void wakeAt(long timeMs) {
      if (timeMs >= wakeAtMs && wake != null && !wake.isDone()) {
        return; // an earlier wake is already set; it asks again for what remains
      }
      if (wake != null) {
        wake.cancel(false);
      }
      wakeAtMs = timeMs;
      long delay = Math.max(0, timeMs - clock.getAsLong());
      wake = timer.schedule(() -> {
        call(now -> {
          wakeAtMs = Long.MAX_VALUE;
          policy.wake(now);
        });
      }, delay, TimeUnit.MILLISECONDS);
    }
  }
}
