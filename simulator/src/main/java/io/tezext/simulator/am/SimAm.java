package io.tezext.simulator.am;

import static io.tezext.simulator.am.AmSettings.AM_HEARTBEAT_MS;
import static io.tezext.simulator.am.AmSettings.AM_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.AM_MEMORY_MB;
import static io.tezext.simulator.am.AmSettings.SLOW_START_MAX_FRACTION;
import static io.tezext.simulator.am.AmSettings.SLOW_START_MIN_FRACTION;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext.AMState;

import io.tezext.simulator.cluster.RmApp;
import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.engine.VirtualTimeExecutor;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.scheduler.SchedulerFactory;
import io.tezext.simulator.scheduler.SimulatedAmRmClient;
import io.tezext.simulator.workload.DagSubmission;

/**
 * One Tez application master: it gets its AM container from the RM, starts the scheduler under
 * test, runs its DAGs one after another (a session runs several), and exits when its last DAG is
 * done. It plays the parts of the real AM the scheduler talks to: the dispatcher that queues the
 * scheduler's decisions, the vertex managers, and the heartbeat thread that carries the AM-RM
 * exchange; its task attempts live in an {@link AttemptLifecycle}.
 */
@SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler, not its successor
final class SimAm implements RmApp.AmContainerListener, AttemptLifecycle.Listener {
  private final AmEnvironment env;
  private final String appId;
  private final int appNumber;
  private final String queue;
  private final boolean session;
  private final int expectedDags;
  private final Deque<Arrival> waiting = new ArrayDeque<>();
  private final VertexStartPolicy startPolicy;
  private final Consumer<DagSubmission> onDagEnd;
  private final Runnable onExit;
  private RmApp rmApp;
  private SimulatedAmRmClient<?> client;
  private MeteredScheduler scheduler;
  private AttemptLifecycle attempts;
  private SimDag current;
  private int dagsStarted;
  private int dagsEnded;
  private boolean registered;
  private long heartbeatOrigin;
  private boolean heartbeatPending;
  private boolean exited;

  SimAm(AmEnvironment env, String appId, int appNumber, String queue, boolean session, int expectedDags,
      Consumer<DagSubmission> onDagEnd, Runnable onExit) {
    this.env = env;
    this.onDagEnd = onDagEnd;
    this.onExit = onExit;
    this.appId = appId;
    this.appNumber = appNumber;
    this.queue = queue;
    this.session = session;
    this.expectedDags = expectedDags;
    this.startPolicy = new VertexStartPolicy(env.settings().get(SLOW_START_MIN_FRACTION),
        env.settings().get(SLOW_START_MAX_FRACTION));
  }

  /** A DAG arrives for this AM: the first one also submits the application to the RM. */
  void submit(DagSubmission dag) {
    waiting.add(new Arrival(dag, env.loop().now()));
    if (rmApp == null) {
      rmApp = env.rm().submit(appId, queue, env.settings().get(AM_MEMORY_MB), 1, this);
    } else if (registered && current == null) {
      startNextDag();
    }
  }

  @Override
  public void amContainerAllocated(RmContainer container) {
    env.loop().after(env.settings().get(AM_LAUNCH_MS), Phase.WORK, this::register);
  }

  private void register() {
    ApplicationAttemptId attemptId = ApplicationAttemptId.newInstance(ApplicationId.newInstance(0, appNumber), 1);
    client = new SimulatedAmRmClient<>(env.rm(), rmApp, attemptId, env.rackOf(), env.maxCapability());
    SimTaskSchedulerContext context =
        new SimTaskSchedulerContext(this, env.schedulerPayload(), attemptId);
    SchedulerFactory.Instance instance = env.schedulerFactory().create(context, env.loop(),
        new VirtualTimeExecutor(env.loop(), Phase.TIMER), client);
    scheduler = new MeteredScheduler(appId, env, instance.scheduler(), instance.heartbeatCallbacks());
    attempts = new AttemptLifecycle(env, this, scheduler);
    scheduler.call(() -> {
      scheduler.scheduler.initialize();
      scheduler.scheduler.start();
    });
    registered = true;
    heartbeatOrigin = env.loop().now();
    client.onActivity(this::wakeHeartbeat);
    rmApp.onNews(this::wakeHeartbeat);
    heartbeatPending = true;
    env.loop().at(heartbeatOrigin, Phase.AM_HEARTBEAT, this::heartbeat);
    startNextDag();
  }

  /**
   * One AM-RM heartbeat on the AM's 1-second grid. While the AM has nothing to send and nothing to
   * receive, and its scheduler waits for no container, the heartbeat parks instead of repeating
   * empty exchanges; the first request, release or RM news wakes it at the next grid point, exactly
   * when the real AM's next heartbeat would carry it.
   */
  private void heartbeat() {
    if (exited) {
      heartbeatPending = false;
      return;
    }
    scheduler.call(scheduler.heartbeats::getProgress);
    SimulatedAmRmClient.Heartbeat hb = client.heartbeat(); // the RM's side: not the scheduler's cost
    // In the order YARN's async client makes the callbacks: nodes, completed, allocated.
    if (!hb.updatedNodes().isEmpty()) {
      scheduler.call(() -> scheduler.heartbeats.onNodesUpdated(hb.updatedNodes()));
    }
    if (!hb.completed().isEmpty()) {
      scheduler.call(() -> scheduler.heartbeats.onContainersCompleted(hb.completed()));
    }
    if (!hb.allocated().isEmpty()) {
      scheduler.call(() -> scheduler.heartbeats.onContainersAllocated(hb.allocated()));
    }
    if (client.hasBusiness() || rmApp.hasNews()) {
      env.loop().after(env.settings().get(AM_HEARTBEAT_MS), Phase.AM_HEARTBEAT, this::heartbeat);
    } else {
      heartbeatPending = false;
    }
  }

  private void wakeHeartbeat() {
    if (heartbeatPending || exited || !registered) {
      return;
    }
    long interval = env.settings().get(AM_HEARTBEAT_MS);
    long now = env.loop().now();
    long next = heartbeatOrigin + Math.floorDiv(now - heartbeatOrigin + interval - 1, interval) * interval;
    if (next == now && env.loop().phase().compareTo(Phase.AM_HEARTBEAT) >= 0) {
      next += interval; // this instant's heartbeat has already gone by
    }
    heartbeatPending = true;
    env.loop().at(next, Phase.AM_HEARTBEAT, this::heartbeat);
  }

  private void startNextDag() {
    if (current != null || waiting.isEmpty()) {
      return;
    }
    Arrival next = waiting.poll();
    current = new SimDag(next.dag(), ++dagsStarted, env.schedulerConf());
    current.arrivalMs = next.atMs();
    current.startMs = env.loop().now();
    for (SimVertex v : current.vertices) {
      if (v.hasRootInput()) {
        SimDag dag = current;
        env.loop().after(v.spec.inputInitMs(), Phase.WORK, () -> {
          if (!dag.ended) {
            v.initialized = true;
            startIfReady(v);
          }
        });
      } else {
        v.initialized = true;
      }
    }
    for (SimVertex v : current.vertices) { // topological order: producers first
      startIfReady(v);
    }
  }

  /**
   * Starts a vertex once it is initialized and every producer has started (VertexImpl's start
   * condition, which also makes every producer configured), then lets its vertex manager schedule
   * what it may now, and tries its consumers in turn.
   */
  private void startIfReady(SimVertex v) {
    if (v.started || !v.initialized) {
      return;
    }
    for (SimVertex p : v.producers) {
      if (!p.started) {
        return;
      }
    }
    v.started = true;
    scheduleReadyTasks(v, null);
    for (SimVertex c : v.consumers) {
      startIfReady(c);
    }
  }

  // ---- scheduler callbacks, queued like the real AM's dispatcher: never re-entering the scheduler ----

  void taskAllocated(SimAttempt attempt, Container container) {
    env.loop().after(0, Phase.AM_DISPATCH, () -> attempts.assigned(attempt, container));
  }

  void containerCompleted(SimAttempt lastTask, ContainerStatus status) {
    env.loop().after(0, Phase.AM_DISPATCH, () -> attempts.containerCompleted(lastTask, status));
  }

  void preemptContainer(ContainerId containerId) {
    env.loop().after(0, Phase.AM_DISPATCH, () -> {
      scheduler.call(() -> scheduler.scheduler.deallocateContainer(containerId));
      attempts.preempted(containerId);
    });
  }

  // ---- the DAG: vertex managers and what attempts tell it ----

  /** Schedules what the vertex manager lets run now; {@code trigger} is the task whose success prompted it, if any. */
  void scheduleReadyTasks(SimVertex v, SimTask trigger) {
    if (v.dag.ended) {
      return;
    }
    for (SimTask t : startPolicy.ready(v, trigger)) {
      t.scheduled = true;
      v.scheduled++;
      attempts.request(t, false);
    }
  }

  @Override
  public void taskSucceeded(SimTask task) {
    SimVertex v = task.vertex;
    SimDag dag = v.dag;
    dag.succeededTasks++;
    v.succeeded++;
    if (v.isComplete()) {
      v.completedMs = env.loop().now();
      attempts.producersCompleted(dag);
    }
    for (SimVertex c : v.consumers) {
      scheduleReadyTasks(c, task);
    }
    if (dag.isComplete()) {
      endDag(dag, true);
    }
  }

  @Override
  public void taskFailedTooOften(SimTask task) {
    endDag(task.vertex.dag, false);
  }

  /** A lost node took completed outputs with it: producers whose consumers still need them rerun. */
  @Override
  public void outputsLostOn(String host) {
    SimDag dag = current;
    if (dag == null) {
      return;
    }
    for (SimVertex v : dag.vertices) {
      boolean needed = false;
      for (SimVertex c : v.consumers) {
        needed |= !c.isComplete();
      }
      if (!needed) {
        continue;
      }
      for (SimTask t : v.tasks) {
        if (t.succeeded && host.equals(t.outputHost)) {
          t.succeeded = false;
          t.outputHost = null;
          v.succeeded--;
          v.completedMs = -1;
          dag.succeededTasks--;
          attempts.request(t, true);
        }
      }
    }
  }

  private void endDag(SimDag dag, boolean succeeded) {
    if (dag.ended) {
      return;
    }
    dag.ended = true;
    if (!succeeded) {
      attempts.killAll(dag);
    }
    env.recorder().dagEnded(new DagRecord(dag.submission.id(), dag.submission.dag().name(), queue,
        dag.arrivalMs, dag.startMs, env.loop().now(), dag.totalTasks,
        dag.submission.dag().workMs(), dag.submission.dag().workMbMs(),
        CriticalPath.of(dag.submission.dag(), env.settings()), succeeded));
    scheduler.call(scheduler.scheduler::dagComplete);
    current = null;
    dagsEnded++;
    onDagEnd.accept(dag.submission);
    if (dagsEnded == expectedDags) {
      env.loop().after(0, Phase.AM_DISPATCH, this::exit);
    } else {
      startNextDag();
    }
  }

  private void exit() {
    exited = true;
    scheduler.call(() -> {
      scheduler.scheduler.initiateStop();
      scheduler.scheduler.setShouldUnregister();
      scheduler.scheduler.shutdown();
    });
    // YARN frees whatever an application holds when it ends; a container the scheduler held to the
    // end without handing it back is one it had lost track of.
    int leaked = 0;
    for (RmContainer c : rmApp.liveTaskContainers()) {
      if (!client.isReleasing(c.id())) {
        leaked++;
      }
    }
    env.recorder().containersLeaked(leaked);
    env.rm().finish(rmApp);
    onExit.run();
  }

  /** Tasks of this AM's DAGs that have neither succeeded nor been reported failed: all of a DAG still queued. */
  long unfinishedTasks() {
    long n = current != null && !current.ended ? current.totalTasks - current.succeededTasks : 0;
    for (Arrival a : waiting) {
      n += a.dag().dag().taskCount();
    }
    return n;
  }

  // ---- what the context reports ----

  float progress() {
    return current == null ? 0f : current.progress();
  }

  boolean isSession() {
    return session;
  }

  AMState amState() {
    if (exited) {
      return AMState.COMPLETED;
    }
    return current == null ? AMState.IDLE : AMState.RUNNING_APP;
  }

  SimDag currentDag() {
    return current;
  }

  /** A DAG waiting for this AM, and when it was submitted. */
  private record Arrival(DagSubmission dag, long atMs) {
  }
}
