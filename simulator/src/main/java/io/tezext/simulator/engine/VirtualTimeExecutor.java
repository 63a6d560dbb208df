package io.tezext.simulator.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ScheduledExecutorService} whose tasks run as events of an {@link EventLoop}: what a
 * scheduler under test schedules "in 250 ms" runs 250 virtual milliseconds later, on the loop's
 * thread. Periodic scheduling is not supported (the schedulers we drive do not use it).
 */
public final class VirtualTimeExecutor extends AbstractExecutorService implements ScheduledExecutorService {

  private final EventLoop loop;
  private final Phase phase;
  private boolean shutdown;

  public VirtualTimeExecutor(EventLoop loop, Phase phase) {
    this.loop = loop;
    this.phase = phase;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    return schedule(() -> {
      command.run();
      return null;
    }, delay, unit);
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    if (shutdown) {
      throw new java.util.concurrent.RejectedExecutionException("executor is shut down");
    }
    VirtualFuture<V> future = new VirtualFuture<>(callable);
    future.event = loop.after(Math.max(0, unit.toMillis(delay)), phase, future::run);
    return future;
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException("periodic tasks are not simulated");
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("periodic tasks are not simulated");
  }

  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.MILLISECONDS);
  }

  @Override
  public void shutdown() {
    shutdown = true;
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown = true;
    return new ArrayList<>();
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return true;
  }

  @Override
  public <T> List<java.util.concurrent.Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) {
    throw new UnsupportedOperationException("blocking calls cannot run in virtual time");
  }

  private final class VirtualFuture<V> implements ScheduledFuture<V> {
    private final Callable<V> callable;
    private ScheduledEvent event;
    private V result;
    private Exception failure;

    VirtualFuture(Callable<V> callable) {
      this.callable = callable;
    }

    void run() {
      try {
        result = callable.call();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        failure = e;
      }
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(event.time() - loop.now(), TimeUnit.MILLISECONDS);
    }

    @Override
    public int compareTo(Delayed o) {
      return Long.compare(getDelay(TimeUnit.MILLISECONDS), o.getDelay(TimeUnit.MILLISECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return event.cancel();
    }

    @Override
    public boolean isCancelled() {
      return event.isCancelled();
    }

    @Override
    public boolean isDone() {
      return event.isDone();
    }

    @Override
    public V get() throws ExecutionException {
      if (!event.isDone()) {
        throw new IllegalStateException("a virtual-time task cannot be waited for before it runs");
      }
      if (failure != null) {
        throw new ExecutionException(failure);
      }
      return result;
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws ExecutionException {
      return get();
    }
  }
}
