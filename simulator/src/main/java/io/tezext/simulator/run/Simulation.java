package io.tezext.simulator.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.tez.common.TezUtils;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.UserPayload;

import io.tezext.simulator.am.AmFleet;
import io.tezext.simulator.cluster.ClusterObserver;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.ResourceManager;
import io.tezext.simulator.cluster.RmContainer;
import io.tezext.simulator.cluster.RmNode;
import io.tezext.simulator.cluster.Topology;
import io.tezext.simulator.engine.EventLoop;
import io.tezext.simulator.engine.Phase;
import io.tezext.simulator.metrics.ClusterCapacity;
import io.tezext.simulator.metrics.CpuMeter;
import io.tezext.simulator.metrics.RunHealth;
import io.tezext.simulator.metrics.RunRecorder;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.metrics.WallClock;
import io.tezext.simulator.scheduler.SchedulerSpec;
import io.tezext.simulator.scheduler.SchedulerClasses;
import io.tezext.simulator.scheduler.SchedulerFactory;
import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.workload.DagSubmission;
import io.tezext.simulator.workload.VertexSpec;
import io.tezext.simulator.workload.Workload;

/**
 * One run: one workload on one scenario with one scheduler, from the first arrival until every AM
 * has exited. Single-threaded and deterministic: the same inputs give the same records.
 */
public final class Simulation {
  private final Scenario scenario;
  private final Workload workload;
  private final SchedulerSpec scheduler;
  private final RunOptions options;

  public Simulation(Scenario scenario, Workload workload, SchedulerSpec scheduler, RunOptions options) {
    this.scenario = scenario;
    this.workload = scenario.am().get(AmSettings.ONE_CONTAINER_SIZE_PER_DAG) ? workload.withOneContainerSizePerDag() : workload;
    this.scheduler = scheduler;
    this.options = options;
    requireWorkloadFits(scenario.cluster(), this.workload);
  }

  /** A run that keeps every record. */
  public Simulation(Scenario scenario, Workload workload, SchedulerSpec scheduler, boolean checkInvariants,
      ProgressListener progress) {
    this(scenario, workload, scheduler, RunOptions.DEFAULT.checkingInvariants(checkInvariants).reportingTo(progress));
  }

  /**
   * Checks up front what would otherwise go wrong mid-run: a DAG for a queue the scenario lacks, or
   * a container no node can hold (YARN keeps such an ask pending when it is within the maximum
   * allocation, so the run would never end).
   */
  public static void requireWorkloadFits(ClusterSpec cluster, Workload workload) {
    Set<String> queues = new TreeSet<>();
    cluster.queues().forEach(q -> queues.add(q.name()));
    for (DagSubmission s : workload.submissions()) {
      if (!queues.contains(s.queue())) {
        throw new IllegalArgumentException("workload " + workload.name() + ": DAG " + s.id() + " is submitted to queue '"
            + s.queue() + "', which the scenario does not define (queues: " + queues + "); add it to the scenario's "
            + "queues");
      }
      for (VertexSpec v : s.dag().vertices()) {
        boolean fits = cluster.nodes().stream()
            .anyMatch(n -> n.memoryMb() >= v.memoryMb() && n.vcores() >= v.vcores());
        if (!fits) {
          throw new IllegalArgumentException("workload " + workload.name() + ": DAG " + s.id() + " vertex '"
              + v.name() + "' asks for containers of " + v.memoryMb() + " MB and " + v.vcores()
              + " vcores; no node of the scenario holds one (largest: " + cluster.largestNodeMemoryMb() + " MB, "
              + cluster.largestNodeVcores() + " vcores)");
        }
      }
    }
  }

  public RunResult run() {
    long wallStart = WallClock.nanos();
    ClusterSpec cluster = scenario.cluster();
    Topology topology = Topology.of(cluster);
    SchedulerClasses classes = options.classes() != null ? options.classes() : new SchedulerClasses(topology);
    if (!classes.topology().equals(topology)) {
      throw new IllegalArgumentException("scheduler classes loaded for another cluster cannot run on this one");
    }
    SchedulerFactory schedulers = classes.startRun(scheduler.className());

    EventLoop loop = new EventLoop();
    RunRecorder recorder = new RunRecorder(options.keepRecords() || options.checkInvariants());
    InvariantChecker invariants = options.checkInvariants() ? new InvariantChecker() : null;
    ResourceManager rm = new ResourceManager(loop, cluster, invariants == null ? recorder
        : new BothObservers(recorder, invariants), scenario.seed());
    if (invariants != null) {
      loop.observe(now -> invariants.check(rm));
    }
    Map<String, String> tezConf = new LinkedHashMap<>(scenario.am().tezConf());
    tezConf.putAll(scheduler.conf());
    Configuration schedulerConf = schedulerConf(tezConf);
    AmFleet fleet = new AmFleet(loop, rm, recorder, schedulers, scenario.am(), schedulerConf,
        payload(schedulerConf), topology::rackOf, maxCapability(cluster),
        scenario.failures().containerFailureProbability(), scenario.seed(), new CpuMeter(true),
        workload.submissions());

    List<DagSubmission> submissions = workload.submissions();
    for (DagSubmission s : fleet.timedArrivals()) {
      loop.at(s.arrivalMs(), Phase.WORK, () -> fleet.arrive(s));
    }
    for (Failures.NodeLoss loss : scenario.failures().nodeLosses()) {
      loop.at(loss.atMs(), Phase.FAILURE, () -> rm.loseNode(loss.host()));
    }
    long first = submissions.isEmpty() ? 0 : submissions.get(0).arrivalMs();
    int total = submissions.size();
    sampleEvery(loop, rm, recorder, first, () -> recorder.dagsEnded() < total);
    List<DagSubmission> timed = fleet.timedArrivals();
    long lastTimedArrivalMs = timed.isEmpty() ? 0 : timed.get(timed.size() - 1).arrivalMs();
    HangWatch hangs = new HangWatch(loop, recorder,
        () -> loop.now() > lastTimedArrivalMs && !fleet.clientsThinking());
    hangs.start(first, () -> recorder.dagsEnded() < total);
    long deadlineMs = options.maxSimulatedMs() == Long.MAX_VALUE ? Long.MAX_VALUE
        : submissions.get(submissions.size() - 1).arrivalMs() + options.maxSimulatedMs();
    StopSignal stop = options.stop();
    loop.run(() -> {
      options.progress().update(loop.now(), recorder.dagsEnded(), total);
      return recorder.dagsEnded() == total && fleet.allExited() || hangs.hung() || loop.now() > deadlineMs
          || stop.requested();
    });
    stop.check();
    boolean completed = recorder.dagsEnded() == total && fleet.allExited();
    RunHealth.End end = completed ? RunHealth.End.COMPLETED
        : hangs.hung() ? RunHealth.End.HUNG : RunHealth.End.TIMED_OUT;
    RunHealth health = new RunHealth(end, loop.now(), fleet.lostTasks(), recorder.leakedContainers());
    if (invariants != null && completed) {
      invariants.checkEnd(rm, recorder, workload);
    }
    options.progress().update(loop.now(), total, total);
    List<String> notes = new ArrayList<>(workload.notes());
    ClusterCapacity capacity = new ClusterCapacity(cluster.nodes().size(), cluster.rackCount(),
        cluster.totalMemoryMb(), cluster.totalVcores());
    if (end == RunHealth.End.HUNG) {
      notes.add(String.format(java.util.Locale.ROOT, "the run hung at %d ms with %d of %d DAGs ended and %d tasks "
          + "lost: %d task attempts waited for containers, and no task did any work and nothing was allocated, "
          + "started or finished for %d s of simulated time; %d of %d nodes live, %d MB and %d vcores free", loop.now(),
          recorder.dagsEnded(), total, health.lostTasks(), recorder.waitingAttempts(), HangWatch.HANG_MS / 1000,
          rm.liveNodes(), cluster.nodes().size(), rm.freeMemoryMb(), rm.freeVcores()));
    } else if (!completed) {
      notes.add(String.format(java.util.Locale.ROOT, "the run ran out of simulated time at %d ms with %d of %d DAGs "
          + "ended and %d tasks lost", loop.now(), recorder.dagsEnded(), total, health.lostTasks()));
    }
    return recorder.result(scheduler.label(), workload.name(), scenario.seed(), capacity, loop.processed(),
        first, loop.now(), WallClock.nanos() - wallStart, notes, health);
  }

  private void sampleEvery(EventLoop loop, ResourceManager rm, RunRecorder recorder, long at,
      java.util.function.BooleanSupplier more) {
    loop.at(at, Phase.SAMPLE, () -> {
      recorder.sample(loop.now(), rm);
      if (more.getAsBoolean()) {
        sampleEvery(loop, rm, recorder, loop.now() + scenario.sampleIntervalMs(), more);
      }
    });
  }

  /**
   * The configuration the scheduler under test reads. DagAware draws each idle container's release
   * timeout from ThreadLocalRandom when min and max differ, which no seed can fix, so the simulator
   * runs it with max = min unless both are set explicitly to the same value.
   */
  public static Configuration schedulerConf(Map<String, String> tezConf) {
    Configuration conf = new Configuration(false);
    tezConf.forEach(conf::set);
    String minKey = TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS;
    String maxKey = TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MAX_MILLIS;
    long min = conf.getLong(minKey, TezConfiguration.TEZ_AM_CONTAINER_IDLE_RELEASE_TIMEOUT_MIN_MILLIS_DEFAULT);
    if (tezConf.containsKey(maxKey) && conf.getLong(maxKey, min) != min) {
      throw new IllegalArgumentException(maxKey + " (" + conf.get(maxKey) + ") must equal " + minKey + " (" + min
          + ") in the simulator: DagAwareYarnTaskScheduler draws the timeout between them from an unseedable "
          + "ThreadLocalRandom, which would make runs irreproducible");
    }
    conf.setLong(minKey, min);
    conf.setLong(maxKey, min);
    return conf;
  }

  private static UserPayload payload(Configuration conf) {
    try {
      return TezUtils.createUserPayloadFromConf(conf);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize the scheduler configuration", e);
    }
  }

  private static Resource maxCapability(ClusterSpec cluster) {
    return Resource.newInstance(cluster.largestNodeMemoryMb(), cluster.largestNodeVcores());
  }

  /** Hears how far the run has got, after every event; implementations throttle themselves. */
  @FunctionalInterface
  public interface ProgressListener {
    ProgressListener NONE = (now, done, total) -> { };

    void update(long virtualNowMs, int dagsDone, int dagsTotal);
  }

  private record BothObservers(ClusterObserver first, ClusterObserver second) implements ClusterObserver {
    @Override
    public void containerAllocated(RmContainer c) {
      first.containerAllocated(c);
      second.containerAllocated(c);
    }

    @Override
    public void containerCompleted(RmContainer c) {
      first.containerCompleted(c);
      second.containerCompleted(c);
    }

    @Override
    public void nodeLost(RmNode node, long nowMs) {
      first.nodeLost(node, nowMs);
      second.nodeLost(node, nowMs);
    }
  }
}
