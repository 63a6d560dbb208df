package io.tezext.simulator.am;

import static io.tezext.simulator.am.AmSettings.COLD_TASK_PENALTY_MS;
import static io.tezext.simulator.am.AmSettings.CONTAINER_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.LOCALIZATION_MS;
import static io.tezext.simulator.am.AmSettings.MAX_TASK_ATTEMPTS;
import static io.tezext.simulator.am.AmSettings.OFF_SWITCH_PENALTY;
import static io.tezext.simulator.am.AmSettings.RACK_LOCAL_PENALTY;
import static io.tezext.simulator.am.AmSettings.REUSE_LAUNCH_MS;
import static io.tezext.simulator.am.AmSettings.SHUFFLE_OVERLAP;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.serviceplugins.api.TaskAttemptEndReason;

import io.tezext.simulator.am.SimAttempt.State;
import io.tezext.simulator.cluster.RmNode;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.AttemptRecord;
import io.tezext.simulator.metrics.Locality;
import io.tezext.simulator.workload.InputStorage;

/**
 * The one owner of task attempts in a simulated AM. It creates each attempt and asks the scheduler
 * for a container, launches the task in the container the scheduler assigns (cold or warm), holds
 * a task reading a broadcast until the broadcast is complete, runs its work (longer when it reads
 * HDFS from afar), holds a shuffle consumer until its producers are done, and ends the attempt however it ends: success, a failed or preempted container, a lost
 * node, a failed DAG. Every change of an attempt's state happens here, in {@link State} order.
 *
 * <p>Whether a given attempt's container fails is drawn from the run's seed and the attempt's
 * identity, so every scheduler compared in one run faces the same failures.
 */
final class AttemptLifecycle {
  /** What the AM's DAG model hears from the attempts. */
  interface Listener {
    void taskSucceeded(SimTask task);

    void taskFailedTooOften(SimTask task);

    /** A lost node took the outputs on it. */
    void outputsLostOn(String host);
  }

  private final AmEnvironment env;
  private final Listener am;
  private final MeteredScheduler scheduler;
  /** Containers that have run a task of this AM, by id, with the attempt in each now (if any). */
  private final Map<Long, LaunchedContainer> launched = new HashMap<>();
  /** By node index: when this application's first task starts (or started) there; -1: none launched yet. */
  private final long[] firstStartMs;

  AttemptLifecycle(AmEnvironment env, Listener am, MeteredScheduler scheduler) {
    this.env = env;
    this.am = am;
    this.scheduler = scheduler;
    this.firstStartMs = new long[env.rm().nodes().size()];
    Arrays.fill(firstStartMs, -1);
  }

  /**
   * What a task reading object storage hints, as Hive on Tez passes it: S3A, ABFS and the GCS
   * connector report {@code localhost} as the host of every block, Tez's split grouper keeps it,
   * and the task asks for a node of that name, which no cluster has.
   */
  static final String[] OBJECT_STORE_HINTS = {InputStorage.OBJECT_STORE_HOST};

  /**
   * A new attempt of {@code task} asks the scheduler for a container: near its HDFS input (or, on
   * object storage, {@link #OBJECT_STORE_HINTS}), or, for a one-to-one consumer, in its source task's
   * container (Tez's InputReadyVertexManager hint). A retry asks at the higher priority Tez gives
   * retries.
   */
  void request(SimTask task, boolean retry) {
    SimAttempt attempt = new SimAttempt(task, task.attempts++, env.loop().now());
    task.current = attempt;
    env.recorder().attemptWaiting(true);
    SimVertex v = task.vertex;
    Resource capability = Resource.newInstance(v.spec.memoryMb(), v.spec.vcores());
    Priority priority = Priority.newInstance(v.priority(retry));
    SimTask affinity = v.affinityFor(task.index);
    if (affinity != null) {
      // The id object the AM got from YARN, as Tez passes the source attempt's container id.
      ContainerId container = affinity.outputContainer;
      scheduler.call(() -> scheduler.scheduler.allocateTask(attempt, capability, container, priority,
          JvmSignatureMatcher.signatureOf(v.spec.memoryMb()), attempt));
      return;
    }
    String[] hosts = switch (v.spec.input()) {
      case HDFS -> task.spec.hosts().isEmpty() ? null : task.spec.hosts().toArray(new String[0]);
      case OBJECT_STORE -> OBJECT_STORE_HINTS;
      case UNLOCATED, NONE -> null;
    };
    scheduler.call(() -> scheduler.scheduler.allocateTask(attempt, capability, hosts, null, priority,
        JvmSignatureMatcher.signatureOf(v.spec.memoryMb()), attempt));
  }

  /** The scheduler gave {@code a} a container: the task launches in it. */
  void assigned(SimAttempt a, Container container) {
    if (a.state != State.REQUESTED) {
      return; // withdrawn while the assignment was in flight; the scheduler already took it back
    }
    long id = container.getId().getContainerId();
    a.moveTo(State.LAUNCHING, State.REQUESTED);
    env.recorder().attemptWaiting(false);
    a.containerId = id;
    a.containerIdRecord = container.getId();
    a.host = container.getNodeId().getHost();
    a.assignedMs = env.loop().now();
    LaunchedContainer held = launched.get(id);
    a.reused = held != null;
    if (held == null) {
      held = new LaunchedContainer();
      launched.put(id, held);
    } else if (held.attempt != null) {
      throw new IllegalStateException("the scheduler gave container " + id + " to " + a + " while "
          + held.attempt + " still runs in it");
    }
    held.attempt = a;
    a.container = env.rm().container(id);
    if (a.container == null) {
      end(a, AttemptOutcome.FAILED); // the container died before the AM could launch into it
      return;
    }
    a.locality = locality(a);
    a.durationMs = runTime(a);
    env.recorder().taskAssigned(a.container, a.reused, a.assignedMs);
    a.pending = env.loop().at(launchedAtMs(a), Phase.WORK, () -> started(a));
  }

  /**
   * A reused container runs the task after the warm latency; a new one after a cold JVM start, plus
   * the localization time when it is assigned before any task of the application has started on its
   * node (the NodeManager is still localizing the application), as Tez history classifies launches.
   */
  private long launchedAtMs(SimAttempt a) {
    long now = env.loop().now();
    if (a.reused) {
      return now + env.settings().get(REUSE_LAUNCH_MS);
    }
    int node = a.container.node().index();
    boolean localizing = firstStartMs[node] < 0 || now < firstStartMs[node];
    long start = now + env.settings().get(CONTAINER_LAUNCH_MS) + (localizing ? env.settings().get(LOCALIZATION_MS) : 0);
    if (firstStartMs[node] < 0 || start < firstStartMs[node]) {
      firstStartMs[node] = start;
    }
    return start;
  }

  /** The task is up in its container: it works at once, or first waits for its broadcast inputs. */
  private void started(SimAttempt a) {
    a.startMs = env.loop().now();
    if (!a.vertex().broadcastsComplete()) {
      a.moveTo(State.AWAITING_BROADCAST, State.LAUNCHING);
      awaitProducers(a);
    } else {
      work(a, State.LAUNCHING);
    }
  }

  private void work(SimAttempt a, State from) {
    a.moveTo(State.RUNNING, from);
    double failure = env.containerFailureProbability();
    SplittableRandom draw = failure > 0 ? drawFor(a) : null;
    if (draw != null && draw.nextDouble() < failure) {
      long failAfter = (long) (draw.nextDouble() * a.durationMs);
      long containerId = a.containerId;
      a.pending = env.loop().after(failAfter, Phase.FAILURE, () -> env.rm().failContainer(containerId));
    } else {
      a.pending = env.loop().after(a.durationMs, Phase.WORK, () -> workDone(a));
    }
  }

  private void workDone(SimAttempt a) {
    if (a.container.isCompleted()) {
      return; // the RM ended the container; the AM hears of it on its next heartbeat
    }
    SimVertex v = a.vertex();
    if (!v.readsShuffle()) {
      succeed(a, State.RUNNING);
    } else if (!v.allProducersComplete()) {
      a.moveTo(State.AWAITING_INPUTS, State.RUNNING);
      awaitProducers(a);
    } else {
      a.moveTo(State.FETCHING, State.RUNNING);
      long tailEnd = v.producersCompletedMs() + tail(a);
      if (tailEnd > env.loop().now()) {
        a.pending = env.loop().at(tailEnd, Phase.WORK, () -> succeed(a, State.FETCHING));
      } else {
        succeed(a, State.FETCHING); // the producers finished long enough ago
      }
    }
  }

  /** The attempt waits, holding its container, until producers complete ({@link #producersCompleted}). */
  private void awaitProducers(SimAttempt a) {
    a.startWaiting(env.loop().now());
    env.recorder().attemptAwaitingInputs(true);
    a.pending = null;
    a.vertex().dag.waitingForInputs.add(a);
  }

  /**
   * A vertex of {@code dag} completed: attempts waiting for their broadcasts start working, and
   * shuffle consumers whose producers are now all done fetch the rest.
   */
  void producersCompleted(SimDag dag) {
    for (SimAttempt a : new ArrayList<>(dag.waitingForInputs)) {
      SimVertex v = a.vertex();
      boolean ready = a.state == State.AWAITING_BROADCAST ? v.broadcastsComplete() : v.allProducersComplete();
      if (!ready) {
        continue;
      }
      dag.waitingForInputs.remove(a);
      a.stopWaiting(env.loop().now());
      env.recorder().attemptAwaitingInputs(false);
      if (a.state == State.AWAITING_BROADCAST) {
        work(a, State.AWAITING_BROADCAST);
      } else {
        a.moveTo(State.FETCHING, State.AWAITING_INPUTS);
        a.pending = env.loop().after(tail(a), Phase.WORK, () -> succeed(a, State.FETCHING));
      }
    }
  }

  private void succeed(SimAttempt a, State from) {
    if (a.container.isCompleted()) {
      return; // the RM ended the container; the AM hears of it on its next heartbeat
    }
    a.moveTo(State.ENDED, from);
    a.pending = null;
    SimTask task = a.task;
    task.succeeded = true;
    task.outputHost = a.host;
    task.outputContainer = a.containerIdRecord;
    leaveContainer(a, AttemptOutcome.SUCCEEDED);
    scheduler.call(() -> scheduler.scheduler.deallocateTask(a, true, null, null));
    am.taskSucceeded(task);
  }

  /** Ends an attempt that did not succeed, and retries its task unless its DAG is over. */
  void end(SimAttempt a, AttemptOutcome outcome) {
    if (a.state == State.ENDED) {
      return;
    }
    boolean held = a.holdsContainer();
    if (a.pending != null) {
      a.pending.cancel();
      a.pending = null;
    }
    if (a.state == State.AWAITING_INPUTS || a.state == State.AWAITING_BROADCAST) {
      a.vertex().dag.waitingForInputs.remove(a);
      a.stopWaiting(env.loop().now());
      env.recorder().attemptAwaitingInputs(false);
    }
    if (a.state == State.REQUESTED) {
      env.recorder().attemptWaiting(false);
    }
    a.state = State.ENDED;
    if (held) {
      leaveContainer(a, outcome);
    }
    TaskAttemptEndReason reason = reasonFor(outcome);
    scheduler.call(() -> scheduler.scheduler.deallocateTask(a, false, reason, reason.name()));
    SimTask task = a.task;
    if (task.vertex.dag.ended) {
      return;
    }
    if (outcome == AttemptOutcome.FAILED && ++task.failedAttempts >= env.settings().get(MAX_TASK_ATTEMPTS)) {
      am.taskFailedTooOften(task);
      return;
    }
    request(task, true);
  }

  private void leaveContainer(SimAttempt a, AttemptOutcome outcome) {
    LaunchedContainer container = launched.get(a.containerId);
    if (container != null && container.attempt == a) {
      container.attempt = null;
    }
    if (a.container != null && !a.container.isCompleted()) {
      env.recorder().taskLeftContainer(a.container, env.loop().now());
    }
    env.recorder().attemptEnded(new AttemptRecord(a.task.vertex.dag.submission.id(), a.task.vertex.spec.name(),
        a.task.index, a.number, a.containerId, a.host, a.requestedMs, a.assignedMs, a.startMs, env.loop().now(),
        a.waitedMs, a.locality, a.reused, outcome));
  }

  /** YARN completed a container the scheduler had given to {@code lastTask}. */
  void containerCompleted(SimAttempt lastTask, ContainerStatus status) {
    long id = status.getContainerId().getContainerId();
    LaunchedContainer container = launched.get(id);
    if (container != null && container.attempt != null && container.attempt == lastTask) {
      end(container.attempt, outcomeOf(status, container.attempt.host));
    }
    launched.remove(id); // it never runs another task
  }

  /** The scheduler preempted a container; the attempt in it, if any, is killed. */
  void preempted(ContainerId containerId) {
    LaunchedContainer container = launched.get(containerId.getContainerId());
    if (container != null && container.attempt != null) {
      end(container.attempt, AttemptOutcome.PREEMPTED_BY_AM);
    }
  }

  /** The DAG failed: every live attempt is killed and its container handed back. */
  void killAll(SimDag dag) {
    for (SimVertex v : dag.vertices) {
      for (SimTask t : v.tasks) {
        if (t.current != null) {
          end(t.current, AttemptOutcome.KILLED);
        }
      }
    }
  }

  private AttemptOutcome outcomeOf(ContainerStatus status, String host) {
    if (status.getExitStatus() == ContainerExitStatus.PREEMPTED) {
      return AttemptOutcome.PREEMPTED_BY_RM;
    }
    RmNode node = env.rm().node(host);
    if (node != null && !node.isAlive()) {
      am.outputsLostOn(host);
      return AttemptOutcome.NODE_LOST;
    }
    return AttemptOutcome.FAILED;
  }

  /** A container of this AM that has run a task; {@code attempt} is the one in it now, or null. */
  private static final class LaunchedContainer {
    SimAttempt attempt;
  }

  private long tail(SimAttempt a) {
    return (long) Math.ceil((1 - env.settings().get(SHUFFLE_OVERLAP)) * a.durationMs);
  }

  private Locality locality(SimAttempt a) {
    SimVertex v = a.vertex();
    List<String> hosts = a.task.spec.hosts();
    if (v.spec.input() != InputStorage.HDFS || hosts.isEmpty()) {
      return Locality.ANY;
    }
    if (hosts.contains(a.host)) {
      return Locality.NODE_LOCAL;
    }
    String rack = a.container.node().rack();
    for (String h : hosts) {
      if (rack.equals(env.rackOf().apply(h))) {
        return Locality.RACK_LOCAL;
      }
    }
    return Locality.OFF_SWITCH;
  }

  private long runTime(SimAttempt a) {
    double penalty = switch (a.locality) {
      case RACK_LOCAL -> env.settings().get(RACK_LOCAL_PENALTY);
      case OFF_SWITCH -> env.settings().get(OFF_SWITCH_PENALTY);
      default -> 0;
    };
    long coldJvm = a.reused ? 0 : env.settings().get(COLD_TASK_PENALTY_MS);
    return Math.round(a.task.spec.durationMs() * (1 + penalty)) + coldJvm;
  }

  private SplittableRandom drawFor(SimAttempt a) {
    return new SplittableRandom(Seeds.mix(env.seed(), a.vertex().dag.submission.id().hashCode(),
        a.vertex().index, a.task.index, a.number));
  }

  private static TaskAttemptEndReason reasonFor(AttemptOutcome outcome) {
    return switch (outcome) {
      case NODE_LOST -> TaskAttemptEndReason.NODE_FAILED;
      case PREEMPTED_BY_AM -> TaskAttemptEndReason.INTERNAL_PREEMPTION;
      case PREEMPTED_BY_RM -> TaskAttemptEndReason.EXTERNAL_PREEMPTION;
      case FAILED -> TaskAttemptEndReason.CONTAINER_EXITED;
      default -> TaskAttemptEndReason.OTHER;
    };
  }
}
