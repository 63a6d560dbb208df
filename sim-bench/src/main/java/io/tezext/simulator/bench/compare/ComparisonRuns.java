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
 * Runs many (scenario, seed, model variant, scheduler) simulations in parallel and keeps each run's
 * figures. Runs on one topology share the schedulers' compiled classes; results do not depend on
 * the number of threads.
 */
public final class ComparisonRuns implements AutoCloseable {
  private final ExecutorService pool;
  private final Map<Topology, SchedulerClasses> classes = new ConcurrentHashMap<>();
  private final Map<BuildKey, ComparisonScenario.Run> built = new ConcurrentHashMap<>();

  public ComparisonRuns(int threads) {
    this.pool = Executors.newFixedThreadPool(threads);
  }

  /** One simulation to run. */
  public record Job(ComparisonScenario scenario, long seed, ModelVariant variant, SchedulerSpec scheduler) {
  }

  /** What one run is judged by. */
  public record Outcome(Job job, double meanJctS, double nodeLocal, double workPreemptedS, double makespanOverBound,
      double memoryAllocated, int dagsFailed, int amPreemptions) {
  }

  /** Runs the jobs; outcomes come in the order of the jobs. {@code done} hears each completed count. */
  public List<Outcome> run(List<Job> jobs, IntConsumer done) {
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

  /** The scenario and workload of a job, built once for all the variants and schedulers that run them. */
  ComparisonScenario.Run built(ComparisonScenario scenario, long seed) {
    return built.computeIfAbsent(new BuildKey(scenario.name(), seed), k -> scenario.build(seed));
  }

  private Outcome runOne(Job job) {
    ComparisonScenario.Run base = built(job.scenario(), job.seed());
    ComparisonScenario.Run run = new ComparisonScenario.Run(job.variant().apply().apply(base.scenario()), base.workload());
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
        (int) f.get("dags_failed").value(), (int) f.get("preemptions_am").value());
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }

  private record BuildKey(String scenario, long seed) {
  }
}
