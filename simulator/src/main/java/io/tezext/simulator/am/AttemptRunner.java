package io.tezext.simulator.am;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.tez.serviceplugins.api.TaskAttemptEndReason;

import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.metrics.AttemptOutcome;
import io.tezext.simulator.metrics.Locality;
import io.tezext.simulator.workload.InputStorage;

/**
 * Runs task attempts in their containers: launch (cold or warm), work whose length depends on where
 * the input is read from, the shuffle tail of consumers, success, and every way an attempt can end
 * early. Whether a given attempt's container fails is drawn from the run's seed and the attempt's
 * identity, so every scheduler compared in one run faces the same failures.
 */
final class AttemptRunner {
  private final SimAm am;
  private final AmEnvironment env;
  private final Set<Long> containersThatRanTasks = new HashSet<>();
  /** Host -> when this application's resources are (or will be) localized there. */
  private final Map<String, Long> localizedAtMs = new HashMap<>();

  AttemptRunner(SimAm am, AmEnvironment env) {
    this.am = am;
    this.env = env;
  }

  void launch(SimAttempt a, Container container) {
    if (a.state != SimAttempt.State.REQUESTED) {
      return; // withdrawn while the assignment was in flight; the scheduler already took it back
    }
    long id = container.getId().getContainerId();
    a.state = SimAttempt.State.ASSIGNED;
    a.containerId = id;
    a.host = container.getNodeId().getHost();
    a.assignedMs = env.loop().now();
    a.reused = !containersThatRanTasks.add(id);
    a.locality = locality(a);
    a.durationMs = runTime(a);
    am.attemptHoldsContainer(a);
    env.recorder().taskAssigned(id, a.reused);
    if (env.rm().container(id) == null) {
      end(a, AttemptOutcome.FAILED); // the container died before the AM could launch into it
      return;
    }
    a.pending = env.loop().at(launchedAtMs(a), Phase.WORK, () -> start(a));
  }

  /**
   * A reused container runs the task after the warm latency; a new one first waits for the
   * application's resources on its node (the first container there starts the download, later ones
   * wait for it or find them there), then starts a JVM.
   */
  private long launchedAtMs(SimAttempt a) {
    long now = env.loop().now();
    if (a.reused) {
      return now + env.settings().reuseLaunchMs();
    }
    long localized = localizedAtMs.computeIfAbsent(a.host, h -> now + env.settings().localizationMs());
    return Math.max(now, localized) + env.settings().containerLaunchMs();
  }

  private void start(SimAttempt a) {
    a.state = SimAttempt.State.RUNNING;
    a.startMs = env.loop().now();
    SplittableRandom draw = drawFor(a);
    if (env.containerFailureProbability() > 0 && draw.nextDouble() < env.containerFailureProbability()) {
      long failAfter = (long) (draw.nextDouble() * a.durationMs);
      long containerId = a.containerId;
      a.pending = env.loop().after(failAfter, Phase.FAILURE, () -> env.rm().failContainer(containerId));
    } else {
      a.pending = env.loop().after(a.durationMs, Phase.WORK, () -> workDone(a));
    }
  }

  private void workDone(SimAttempt a) {
    if (!containerAlive(a)) {
      return; // the RM ended the container; the AM hears of it on its next heartbeat
    }
    SimVertex v = a.vertex();
    if (SimDag.waitsForProducers(v)) {
      if (!v.allProducersComplete()) {
        a.waitingForInputs = true;
        v.dag.waitingForInputs.add(a);
        return;
      }
      long tailEnd = v.producersCompletedMs() + tail(a);
      if (tailEnd > env.loop().now()) {
        a.pending = env.loop().at(tailEnd, Phase.WORK, () -> succeed(a));
        return;
      }
    }
    succeed(a);
  }

  /** Consumers whose work is done start their tail once their last producer finishes. */
  void releaseWaitingConsumers(SimDag dag) {
    for (SimAttempt a : new ArrayList<>(dag.waitingForInputs)) {
      if (a.vertex().allProducersComplete()) {
        dag.waitingForInputs.remove(a);
        a.waitingForInputs = false;
        a.pending = env.loop().after(tail(a), Phase.WORK, () -> succeed(a));
      }
    }
  }

  private void succeed(SimAttempt a) {
    if (a.state != SimAttempt.State.RUNNING || !containerAlive(a)) {
      return;
    }
    a.state = SimAttempt.State.ENDED;
    a.pending = null;
    SimTask task = a.task;
    task.succeeded = true;
    task.outputHost = a.host;
    task.outputContainerId = a.containerId;
    env.recorder().taskLeftContainer(a.containerId);
    am.record(a, AttemptOutcome.SUCCEEDED);
    am.attemptLeftContainer(a, true, null);
    am.taskSucceeded(task);
  }

  /** Ends an attempt that did not succeed, and retries its task unless its DAG is over. */
  void end(SimAttempt a, AttemptOutcome outcome) {
    if (a.state == SimAttempt.State.ENDED) {
      return;
    }
    boolean held = a.state != SimAttempt.State.REQUESTED;
    if (a.pending != null) {
      a.pending.cancel();
      a.pending = null;
    }
    if (a.waitingForInputs) {
      a.vertex().dag.waitingForInputs.remove(a);
    }
    a.state = SimAttempt.State.ENDED;
    if (held) {
      env.recorder().taskLeftContainer(a.containerId);
      am.record(a, outcome);
    }
    am.attemptLeftContainer(a, false, reasonFor(outcome));
    SimTask task = a.task;
    if (task.vertex.dag.ended) {
      return;
    }
    if (outcome == AttemptOutcome.FAILED && ++task.failedAttempts >= env.settings().maxTaskAttempts()) {
      am.taskFailedTooOften(task);
      return;
    }
    am.requestAttempt(task, true);
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

  private boolean containerAlive(SimAttempt a) {
    RmContainer c = env.rm().container(a.containerId);
    return c != null;
  }

  private long tail(SimAttempt a) {
    return (long) Math.ceil((1 - env.settings().shuffleOverlap()) * a.durationMs);
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
    String rack = env.rackOf().apply(a.host);
    for (String h : hosts) {
      if (rack.equals(env.rackOf().apply(h))) {
        return Locality.RACK_LOCAL;
      }
    }
    return Locality.OFF_SWITCH;
  }

  private long runTime(SimAttempt a) {
    double penalty = switch (a.locality) {
      case RACK_LOCAL -> env.settings().rackLocalPenalty();
      case OFF_SWITCH -> env.settings().offSwitchPenalty();
      default -> 0;
    };
    return Math.round(a.task.spec.durationMs() * (1 + penalty));
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
