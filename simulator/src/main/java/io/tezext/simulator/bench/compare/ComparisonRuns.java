package io.tezext.simulator.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import io.tezext.simulator.cluster.Topology;
import io.tezext.simulator.metrics.RunFigures;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.RunOptions;
import io.tezext.simulator.run.SchedulerLog;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerClasses;
import io.tezext.simulator.scheduler.SchedulerSpec;

/**
 * Runs many (scenario, seed, penalty scale, scheduler) simulations in parallel and keeps each run's
 * figures. Every scenario here runs on the reference cluster, so all runs share the schedulers'
 * compiled classes; results do not depend on the number of threads.
 */
final class ComparisonRuns implements AutoCloseable {
  private final ExecutorService pool;
  private final Map<Topology, SchedulerClasses> classes = new ConcurrentHashMap<>();
  private final Map<BuildKey, ComparisonScenario.Run> built = new ConcurrentHashMap<>();

  ComparisonRuns(int threads) {
    this.pool = Executors.newFixedThreadPool(threads);
  }

  /** One simulation to run. */
  record Job(ComparisonScenario scenario, long seed, double penaltyScale, SchedulerSpec scheduler) {
  }

  /** What one run is judged by. */
  record Outcome(Job job, double meanJctS, double nodeLocal, double workPreemptedS, double makespanOverBound,
      double memoryAllocated, int dagsFailed) {
  }

  /** Runs the jobs; outcomes come in the order of the jobs. {@code done} hears each completed count. */
  List<Outcome> run(List<Job> jobs, IntConsumer done) {
    AtomicInteger finished = new AtomicInteger();
    List<Future<Outcome>> futures = new ArrayList<>(jobs.size());
    for (Job job : jobs) {
      futures.add(pool.submit(() -> {
        Outcome o = runOne(job);
        done.accept(finished.incrementAndGet());
        return o;
      }));
    }
    List<Outcome> outcomes = new ArrayList<>(jobs.size());
    try {
      for (Future<Outcome> f : futures) {
        outcomes.add(f.get());
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return outcomes;
  }

  /** The scenario and workload of a job, built once for all the schedulers that run them. */
  ComparisonScenario.Run built(ComparisonScenario scenario, long seed, double penaltyScale) {
    return built.computeIfAbsent(new BuildKey(scenario.name(), seed, penaltyScale),
        k -> scenario.build(seed, penaltyScale));
  }

  private Outcome runOne(Job job) {
    ComparisonScenario.Run run = built(job.scenario(), job.seed(), job.penaltyScale());
    Topology topology = Topology.of(run.scenario().cluster());
    SchedulerClasses shared = classes.computeIfAbsent(topology, SchedulerClasses::new);
    Thread thread = Thread.currentThread();
    String name = thread.getName();
    thread.setName(SchedulerLog.threadNameFor(job.scheduler().label()));
    RunResult result;
    try {
      result = new Simulation(run.scenario(), run.workload(), job.scheduler(),
          RunOptions.DEFAULT.withoutRecords().sharing(shared)).run();
    } finally {
      thread.setName(name);
    }
    RunFigures f = RunFigures.of(result);
    return new Outcome(job, f.get("dag_mean_s").value(), f.get("node_local").value(),
        f.get("work_preempted_task_s").value(), f.get("makespan_over_bound").value(), f.get("memory_allocated").value(),
        (int) f.get("dags_failed").value());
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }

  private record BuildKey(String scenario, long seed, double penaltyScale) {
  }
}
