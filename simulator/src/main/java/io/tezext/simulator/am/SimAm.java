package io.tezext.simulator.am;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.serviceplugins.api.TaskAttemptEndReason;
import org.apache.tez.serviceplugins.api.TaskScheduler;
import org.apache.tez.serviceplugins.api.TaskSchedulerContext.AMState;

import io.tezext.simulator.cluster.RmApp;
import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.cluster.RmNode;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.engine.VirtualTimeExecutor;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.CpuMeter;
import io.tezext.simulator.metrics.DagRecord;
import io.tezext.simulator.scheduler.SchedulerFactory;
import io.tezext.simulator.scheduler.SimulatedAmRmClient;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.InputStorage;

/**
 * One Tez application master: it gets its AM container from the RM, starts the scheduler under
 * test, runs its DAGs one after another (a session runs several), and exits when its last DAG is
 * done. It plays the parts of the real AM the scheduler talks to: the task attempts, the vertex
 * managers, container launch, and the heartbeat thread that carries the AM-RM exchange.
 */
@SuppressWarnings("deprecation") // Tez's schedulers implement the deprecated CallbackHandler, not its successor
final class SimAm implements RmApp.AmContainerListener {
  private final AmEnvironment env;
  private final String appId;
  private final int appNumber;
  private final String queue;
  private final boolean session;
  private final int expectedDags;
  private final Deque<DagSubmission> waiting = new ArrayDeque<>();
  private final Map<Long, SimAttempt> attemptInContainer = new HashMap<>();
  private final VertexStartPolicy startPolicy;
  private final AttemptRunner runner;
  private final CpuMeter cpu;
  private final Runnable onExit;
  private RmApp rmApp;
  private ApplicationAttemptId attemptId;
  private SimulatedAmRmClient<?> client;
  private TaskScheduler scheduler;
  private org.apache.hadoop.yarn.client.api.async.AMRMClientAsync.CallbackHandler callbacks;
  private SimDag current;
  private int dagsStarted;
  private int dagsEnded;
  private boolean registered;
  private long heartbeatOrigin;
  private boolean heartbeatPending;
  private boolean exited;

  SimAm(AmEnvironment env, String appId, int appNumber, String queue, boolean session, int expectedDags,
      CpuMeter cpu, Runnable onExit) {
    this.env = env;
    this.onExit = onExit;
    this.appId = appId;
    this.appNumber = appNumber;
    this.queue = queue;
    this.session = session;
    this.expectedDags = expectedDags;
    this.cpu = cpu;
    this.startPolicy = new VertexStartPolicy(env.settings().slowStartMinFraction(),
        env.settings().slowStartMaxFraction());
    this.runner = new AttemptRunner(this, env);
  }

  /** A DAG arrives for this AM: the first one also submits the application to the RM. */
  void submit(DagSubmission dag) {
    waiting.add(dag);
    if (rmApp == null) {
      rmApp = env.rm().submit(appId, queue, env.settings().amMemoryMb(), 1, this);
    } else if (registered && current == null) {
      startNextDag();
    }
  }

  @Override
  public void amContainerAllocated(RmContainer container) {
    env.loop().after(env.settings().amLaunchMs(), Phase.WORK, this::register);
  }

  private void register() {
    attemptId = ApplicationAttemptId.newInstance(ApplicationId.newInstance(0, appNumber), 1);
    client = new SimulatedAmRmClient<>(env.rm(), rmApp, attemptId, env.rackOf(), env.maxCapability());
    SimTaskSchedulerContext context =
        new SimTaskSchedulerContext(this, env.schedulerPayload(), attemptId);
    SchedulerFactory.Instance instance = env.schedulerFactory().create(context, env.loop(),
        new VirtualTimeExecutor(env.loop(), Phase.TIMER), client);
    scheduler = instance.scheduler();
    callbacks = instance.heartbeatCallbacks();
    charge(() -> {
      scheduler.initialize();
      scheduler.start();
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
    charge(() -> {
      callbacks.getProgress();
      SimulatedAmRmClient.Heartbeat hb = client.heartbeat();
      if (!hb.completed().isEmpty()) {
        callbacks.onContainersCompleted(hb.completed());
      }
      if (!hb.allocated().isEmpty()) {
        callbacks.onContainersAllocated(hb.allocated());
      }
    });
    if (client.hasBusiness() || rmApp.hasNews()) {
      env.loop().after(env.settings().amHeartbeatMs(), Phase.AM_HEARTBEAT, this::heartbeat);
    } else {
      heartbeatPending = false;
    }
  }

  private void wakeHeartbeat() {
    if (heartbeatPending || exited || !registered) {
      return;
    }
    long interval = env.settings().amHeartbeatMs();
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
    DagSubmission next = waiting.poll();
    current = new SimDag(next, ++dagsStarted, env.schedulerConf());
    current.startMs = env.loop().now();
    for (SimVertex v : current.vertices) {
      if (v.hasRootInput()) {
        SimDag dag = current;
        env.loop().after(v.spec.inputInitMs(), Phase.WORK, () -> {
          if (!dag.ended) {
            v.initialized = true;
            scheduleReadyTasks(v);
          }
        });
      } else {
        v.initialized = true;
      }
    }
    for (SimVertex v : current.vertices) {
      scheduleReadyTasks(v); // vertex managers that start tasks before any input is done
    }
  }

  // ---- scheduler callbacks (queued, never re-entering the scheduler) ----

  void taskAllocated(SimAttempt attempt, Container container) {
    env.loop().after(0, Phase.AM_DISPATCH, () -> runner.launch(attempt, container));
  }

  void containerCompleted(SimAttempt lastTask, ContainerStatus status) {
    long containerId = status.getContainerId().getContainerId();
    env.loop().after(0, Phase.AM_DISPATCH, () -> {
      SimAttempt attempt = attemptInContainer.get(containerId);
      if (attempt != null && attempt == lastTask) {
        runner.end(attempt, outcomeOf(status, attempt.host));
      }
    });
  }

  void preemptContainer(ContainerId containerId) {
    long id = containerId.getContainerId();
    env.loop().after(0, Phase.AM_DISPATCH, () -> {
      charge(() -> scheduler.deallocateContainer(containerId));
      SimAttempt attempt = attemptInContainer.get(id);
      if (attempt != null) {
        runner.end(attempt, AttemptOutcome.PREEMPTED_BY_AM);
      }
    });
  }

  private AttemptOutcome outcomeOf(ContainerStatus status, String host) {
    if (status.getExitStatus() == ContainerExitStatus.PREEMPTED) {
      return AttemptOutcome.PREEMPTED_BY_RM;
    }
    RmNode node = env.rm().node(host);
    if (node != null && !node.isAlive()) {
      outputsLostOn(host);
      return AttemptOutcome.NODE_LOST;
    }
    return AttemptOutcome.FAILED;
  }

  // ---- task lifecycle, called by AttemptRunner ----

  void requestAttempt(SimTask task, boolean retry) {
    SimAttempt attempt = new SimAttempt(task, task.attempts++, env.loop().now());
    task.current = attempt;
    SimVertex v = task.vertex;
    String[] hosts = v.spec.input() == InputStorage.HDFS && !task.spec.hosts().isEmpty()
        ? task.spec.hosts().toArray(new String[0]) : null;
    Resource capability = Resource.newInstance(v.spec.memoryMb(), v.spec.vcores());
    Priority priority = Priority.newInstance(v.priority(retry));
    SimTask affinity = v.affinityFor(task.index);
    if (affinity != null) {
      ContainerId container = ContainerId.newContainerId(attemptId, affinity.outputContainerId);
      charge(() -> scheduler.allocateTask(attempt, capability, container, priority, SameSignatureMatcher.SIGNATURE,
          attempt));
      return;
    }
    charge(() -> scheduler.allocateTask(attempt, capability, hosts, null, priority,
        SameSignatureMatcher.SIGNATURE, attempt));
  }

  void attemptHoldsContainer(SimAttempt attempt) {
    SimAttempt holder = attemptInContainer.put(attempt.containerId, attempt);
    if (holder != null && holder != attempt) {
      throw new IllegalStateException("the scheduler gave container " + attempt.containerId + " to " + attempt
          + " while " + holder + " still runs in it");
    }
  }

  /** The attempt left its container; tells the scheduler, which may reuse or release it. */
  void attemptLeftContainer(SimAttempt attempt, boolean succeeded, TaskAttemptEndReason reason) {
    if (attempt.containerId >= 0) {
      attemptInContainer.remove(attempt.containerId, attempt);
    }
    charge(() -> scheduler.deallocateTask(attempt, succeeded, reason, reason == null ? null : reason.name()));
  }

  void record(SimAttempt a, AttemptOutcome outcome) {
    env.recorder().attemptEnded(new AttemptRecord(a.task.vertex.dag.submission.id(), a.task.vertex.spec.name(),
        a.task.index, a.number, a.containerId, a.host, a.requestedMs, a.assignedMs, a.startMs,
        env.loop().now(), a.locality, a.reused, outcome));
  }

  void scheduleReadyTasks(SimVertex v) {
    if (v.dag.ended) {
      return;
    }
    for (SimTask t : startPolicy.ready(v)) {
      t.scheduled = true;
      v.scheduled++;
      requestAttempt(t, false);
    }
  }

  void taskSucceeded(SimTask task) {
    SimVertex v = task.vertex;
    SimDag dag = v.dag;
    dag.succeededTasks++;
    v.succeeded++;
    if (v.isComplete()) {
      v.completedMs = env.loop().now();
      runner.releaseWaitingConsumers(dag);
    }
    for (SimVertex c : v.consumers) {
      scheduleReadyTasks(c);
    }
    if (dag.isComplete()) {
      endDag(dag, true);
    }
  }

  void taskFailedTooOften(SimTask task) {
    endDag(task.vertex.dag, false);
  }

  /** A lost node took completed outputs with it: producers whose consumers still need them rerun. */
  private void outputsLostOn(String host) {
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
          requestAttempt(t, true);
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
      runner.killAll(dag);
    }
    env.recorder().dagEnded(new DagRecord(dag.submission.id(), dag.submission.dag().name(), queue,
        dag.submission.arrivalMs(), dag.startMs, env.loop().now(), dag.totalTasks,
        dag.submission.dag().workMs(), dag.submission.dag().workMbMs(),
        CriticalPath.of(dag.submission.dag(), env.settings()), succeeded));
    charge(scheduler::dagComplete);
    current = null;
    dagsEnded++;
    if (dagsEnded == expectedDags) {
      env.loop().after(0, Phase.AM_DISPATCH, this::exit);
    } else {
      startNextDag();
    }
  }

  private void exit() {
    exited = true;
    charge(() -> {
      scheduler.initiateStop();
      scheduler.setShouldUnregister();
      scheduler.shutdown();
    });
    env.rm().finish(rmApp);
    onExit.run();
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

  private void charge(SchedulerCall call) {
    long start = cpu.now();
    try {
      call.run();
    } catch (Exception e) {
      throw new IllegalStateException("scheduler of " + appId + " failed at " + env.loop().now() + " ms", e);
    } finally {
      env.recorder().schedulerCpu(cpu.now() - start);
    }
  }

  @FunctionalInterface
  private interface SchedulerCall {
    void run() throws Exception;
  }
}
