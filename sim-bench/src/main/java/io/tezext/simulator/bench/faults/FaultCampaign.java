package io.tezext.simulator.bench.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import io.tezext.simulator.metrics.RunHealth;
import io.tezext.simulator.metrics.RunResult;
import io.tezext.simulator.run.RunOptions;
import io.tezext.simulator.run.Simulation;
import io.tezext.simulator.scheduler.SchedulerSpec;

/**
 * Runs fault cases ({@link FaultCase}) with both schedulers and tallies, per scheduler, the runs that
 * hung or ran out of time, the tasks they lost, the containers they leaked and the DAGs that failed.
 * A case's run stops {@link #TIME_LIMIT_MS} after its last arrival at the latest.
 */
public final class FaultCampaign {
  /** Far beyond what any case needs when its scheduler makes progress. */
  static final long TIME_LIMIT_MS = 24 * 3_600_000L;

  private FaultCampaign() {
  }

  /** One case's runs. */
  public record CaseResult(FaultCase faultCase, RunHealth dagaware, int dagawareFailedDags, RunHealth tezext,
      int tezextFailedDags) {
  }

  /** Runs the cases of these seeds on {@code threads} threads; results in seed order. */
  public static List<CaseResult> run(List<Long> seeds, int threads, IntConsumer done) {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    AtomicInteger finished = new AtomicInteger();
    try {
      List<Future<CaseResult>> futures = new ArrayList<>();
      for (long seed : seeds) {
        futures.add(pool.submit(() -> {
          CaseResult r = runCase(FaultCase.draw(seed));
          done.accept(finished.incrementAndGet());
          return r;
        }));
      }
      List<CaseResult> results = new ArrayList<>();
      for (Future<CaseResult> f : futures) {
        results.add(f.get());
      }
      return results;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }

  static CaseResult runCase(FaultCase c) {
    RunResult dagaware = simulate(c, c.dagaware());
    RunResult tezext = simulate(c, c.tezext());
    return new CaseResult(c, dagaware.health(), failedDags(dagaware), tezext.health(), failedDags(tezext));
  }

  private static RunResult simulate(FaultCase c, String scheduler) {
    try {
      return new Simulation(c.scenario(), c.workload(), SchedulerSpec.parse(scheduler),
          RunOptions.DEFAULT.withoutRecords().stoppingAfter(TIME_LIMIT_MS)).run();
    } catch (RuntimeException e) {
      throw new IllegalStateException("fault case " + c.seed() + " (" + c.description() + ") with " + scheduler
          + " failed: " + e, e);
    }
  }

  private static int failedDags(RunResult r) {
    return (int) r.dags().stream().filter(d -> !d.succeeded()).count();
  }

  /** What one scheduler did over the campaign. */
  public record Tally(int runs, int hangs, int timeouts, long lostTasks, long leakedContainers, int failedDags,
      List<Long> badCases) {

    static Tally of(List<CaseResult> results, boolean tezext) {
      int hangs = 0;
      int timeouts = 0;
      long lost = 0;
      long leaked = 0;
      int failed = 0;
      List<Long> bad = new ArrayList<>();
      for (CaseResult r : results) {
        RunHealth h = tezext ? r.tezext() : r.dagaware();
        hangs += h.end() == RunHealth.End.HUNG ? 1 : 0;
        timeouts += h.end() == RunHealth.End.TIMED_OUT ? 1 : 0;
        lost += h.lostTasks();
        leaked += h.leakedContainers();
        failed += tezext ? r.tezextFailedDags() : r.dagawareFailedDags();
        if (!h.completed() || h.lostTasks() > 0 || h.leakedContainers() > 0) {
          bad.add(r.faultCase().seed());
        }
      }
      return new Tally(results.size(), hangs, timeouts, lost, leaked, failed, bad);
    }
  }

  public static Tally tally(List<CaseResult> results, boolean tezext) {
    return Tally.of(results, tezext);
  }
}
