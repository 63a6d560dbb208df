package io.tezext.simulator.sweep;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.tezext.simulator.run.StopSignal;

/**
 * Runs grid points on this machine, {@code threads} at once. Runs share nothing, so the results do
 * not depend on how many run at once: each is the bytes a serial run gives. Points that share their
 * inputs are started together, so each input is read about once.
 */
public final class LocalSweepExecutor implements SweepExecutor {
  private final int threads;
  private final PrintWriter err;
  private final StopSignal stop;

  public LocalSweepExecutor(int threads, PrintWriter err, StopSignal stop) {
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be at least 1, was " + threads);
    }
    this.threads = threads;
    this.err = err;
    this.stop = stop;
  }

  @Override
  public List<PointResult> run(SweepInputs inputs, List<GridPoint> points, SweepProgress progress) {
    // Stops the other points once one has failed (the sweep has failed), as well as on SIGTERM.
    StopSignal sweep = new StopSignal() {
      @Override
      public boolean requested() {
        return super.requested() || stop.requested();
      }
    };
    PointRunner runner = new PointRunner(inputs, threads + 1, err, sweep);
    List<GridPoint> order = new ArrayList<>(points);
    order.sort(GridPoint.BY_INPUTS);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, points.size())));
    AtomicInteger done = new AtomicInteger();
    try {
      List<Future<PointResult>> futures = new ArrayList<>();
      for (GridPoint p : order) {
        futures.add(pool.submit(() -> {
          sweep.check();
          PointResult r = runner.run(p);
          synchronized (progress) {
            progress.pointDone(r, done.incrementAndGet(), points.size());
          }
          return r;
        }));
      }
      List<PointResult> results = new ArrayList<>();
      for (Future<PointResult> f : futures) {
        results.add(f.get());
      }
      return SweepExecutor.inOrder(points, results, "the local executor");
    } catch (ExecutionException e) {
      sweep.request();
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while sweeping", e);
    } finally {
      pool.shutdownNow();
    }
  }

  @Override
  public String describe() {
    return "local, " + threads + (threads == 1 ? " thread" : " threads");
  }
}
