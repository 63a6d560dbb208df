package io.tezext.simulator.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

import io.tezext.simulator.cluster.Topology;
import io.tezext.simulator.metrics.Figure;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.RunOptions;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.run.ScenarioFile;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.run.StopSignal;
import io.tezext.simulator.run.WorkloadFiles;
import io.tezext.simulator.scheduler.SchedulerClasses;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * Runs grid points, one at a time per calling thread, any number of threads at once: both executors
 * run every point through this class, so a point gives the same result wherever it runs. The
 * inputs of a (scenario, workload, seed) are read once and kept for the next points that share them
 * (a few at a time); runs on one cluster share their scheduler classes' loader, as {@code run} does.
 */
public final class PointRunner {
  private final SweepInputs inputs;
  private final PrintWriter err;
  private final StopSignal stop;
  private final String tezVersion = TezVersion.ofSchedulers();
  private final Map<Key, CompletableFuture<WorkloadFiles.Replay>> replays;
  private final Map<Topology, SchedulerClasses> classes = new ConcurrentHashMap<>();

  /**
   * @param cached how many (scenario, workload, seed) inputs to keep read at once
   * @param err where readers list records skipped with {@code skipBad}
   */
  public PointRunner(SweepInputs inputs, int cached, PrintWriter err, StopSignal stop) {
    this.inputs = inputs;
    this.err = err;
    this.stop = stop;
    this.replays = java.util.Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, CompletableFuture<WorkloadFiles.Replay>> eldest) {
        return size() > Math.max(1, cached);
      }
    });
  }

  /** Runs one point. */
  public PointResult run(GridPoint point) {
    WorkloadFiles.Replay replay = replay(point.scenario(), point.workload(), point.seed());
    Setting setting = inputs.settings().get(point.setting());
    Topology topology = Topology.of(replay.scenario().cluster());
    SchedulerClasses shared = classes.computeIfAbsent(topology, SchedulerClasses::new);
    RunOptions options = RunOptions.DEFAULT.withoutRecords().sharing(shared).stoppingOn(stop);
    Thread thread = Thread.currentThread();
    String name = thread.getName();
    thread.setName(io.tezext.simulator.run.SchedulerLog.threadNameFor(point.id()));
    RunResult result;
    try {
      result = new Simulation(replay.scenario(), replay.workload(), setting.spec(), options).run();
    } finally {
      thread.setName(name);
    }
    Map<String, String> figures = new LinkedHashMap<>();
    for (Figure f : RunFigures.of(result).figures()) {
      if (!RunFigures.HOST_MEASURED.contains(f.key())) {
        figures.put(f.key(), PointResult.canonical(f.value()));
      }
    }
    return new PointResult(point, result.health().end().name(), tezVersion, figures);
  }

  /**
   * Reads (scenario, workload) for {@code seed} as {@code run} would, and checks the workload fits
   * the scenario: what a sweep checks before any run.
   */
  public WorkloadFiles.Replay replay(int scenario, int workload, long seed) {
    Key key = new Key(scenario, workload, seed);
    CompletableFuture<WorkloadFiles.Replay> mine = new CompletableFuture<>();
    CompletableFuture<WorkloadFiles.Replay> found = replays.putIfAbsent(key, mine);
    if (found == null) {
      try {
        mine.complete(read(scenario, workload, seed));
      } catch (RuntimeException e) {
        replays.remove(key);
        mine.completeExceptionally(e);
      }
      found = mine;
    }
    try {
      return found.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  private WorkloadFiles.Replay read(int scenarioIndex, int workloadIndex, long seed) {
    Scenario scenario = ScenarioFile.read(inputs.scenarios().get(scenarioIndex), seed);
    GridWorkload w = inputs.workloads().get(workloadIndex);
    WorkloadFiles.Replay replay;
    if (w.isSynthetic()) {
      Workload generated = SyntheticWorkloads.generate(w.synthetic(), scenario.cluster().hosts(), seed);
      replay = new WorkloadFiles.Replay(scenario, new Workload(w.name(), generated.submissions(), generated.notes()));
    } else {
      try {
        replay = new WorkloadFiles(w.file(), w.format(), w.skipBad(), w.strict(), err).replay(scenario, w.calibrate(),
            seed);
      } catch (IOException e) {
        throw new UncheckedIOException("workload " + w.name() + ": " + e.getMessage(), e);
      }
    }
    try {
      Simulation.requireWorkloadFits(replay.scenario().cluster(), replay.workload());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("scenario " + inputs.scenarios().get(scenarioIndex).getFileName() + ": "
          + e.getMessage());
    }
    return replay;
  }

  private record Key(int scenario, int workload, long seed) {
  }
}
