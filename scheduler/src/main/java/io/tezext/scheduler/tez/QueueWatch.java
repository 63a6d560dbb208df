package io.tezext.scheduler.tez;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongConsumer;

import org.apache.hadoop.yarn.api.records.QueueStatistics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the ResourceManager, every {@code idle.queue-poll-ms}, what the applications of the AM's queue
 * wait for, and tells the policy how much of it is other applications'. YARN's heartbeat cannot say
 * that: its headroom shows room a NodeManager has not yet handed on, and room other applications'
 * requests pass over while they wait for their own nodes.
 *
 * <p>The queue's pending memory ({@code QueueStatistics#getPendingMemoryMB}) counts every application's
 * outstanding asks, the AM's own among them; the AM's share taken off is what it had asked for at its
 * last heartbeat (the asks the ResourceManager has seen), or what it asks for now if that is more (an
 * ask added as the heartbeat went out may have gone with it). Asks YARN has granted since count as the
 * AM's still, so the error leans to "nobody waits", the scheduler's behaviour without this signal.
 * When the ResourceManager will not answer (no statistics from its scheduler, or no credentials for its
 * client protocol, as on a Kerberos cluster where the AM holds only its AM-RM token), the signal stays
 * at "nobody waits" and the failure is logged once.
 */
final class QueueWatch {
  private static final Logger LOG = LoggerFactory.getLogger(QueueWatch.class);

  private final Function<String, QueueStatistics> statistics;
  private final ScheduledExecutorService executor;
  private final long intervalMs;
  /** Where the other applications' waiting memory goes: the policy, under the adapter's lock. */
  private final LongConsumer othersWaiting;
  /** The AM's outstanding asks, in memory; changed under the adapter's lock. */
  private volatile long askedMb;
  private volatile long askedAtHeartbeatMb;
  private volatile String queue;
  private volatile boolean stopped;
  private ScheduledFuture<?> next;
  private boolean failureLogged;
  private boolean readLogged;

  /**
   * @param statistics a queue's name to what the ResourceManager says of it (may throw); null: the
   *     queue is never asked about (the key is 0, or a driver gives no source), and nobody waits
   * @param executor where the polls run; a poll blocks on the ResourceManager, so not the timer the
   *     policy's wakes run on (in virtual time it may be: the call returns at once)
   */
  QueueWatch(Function<String, QueueStatistics> statistics, ScheduledExecutorService executor, long intervalMs,
      LongConsumer othersWaiting) {
    this.statistics = statistics;
    this.executor = executor;
    this.intervalMs = intervalMs;
    this.othersWaiting = othersWaiting;
  }

  /** Starts polling {@code queue} (the queue YARN registered the AM in). */
  synchronized void start(String queue) {
    if (statistics == null) {
      return;
    }
    this.queue = queue;
    next = executor.schedule(this::poll, intervalMs, TimeUnit.MILLISECONDS);
  }

  synchronized void stop() {
    stopped = true;
    if (next != null) {
      next.cancel(false);
    }
  }

  void asked(long memoryMb) {
    askedMb += memoryMb;
  }

  void withdrawn(long memoryMb) {
    askedMb -= memoryMb;
  }

  /** The AM heartbeats: its asks as they are now are the ones the ResourceManager's figure will count. */
  void heartbeat() {
    askedAtHeartbeatMb = askedMb;
  }

  private void poll() {
    if (stopped) {
      return;
    }
    othersWaiting.accept(othersWaitingMb());
    synchronized (this) {
      if (!stopped) {
        next = executor.schedule(this::poll, intervalMs, TimeUnit.MILLISECONDS);
      }
    }
  }

  /** The other applications' waiting memory, 0 when the ResourceManager does not say. */
  long othersWaitingMb() {
    QueueStatistics s;
    try {
      s = statistics.apply(queue);
    } catch (RuntimeException e) {
      logOnce("cannot read queue " + queue + "'s statistics from the ResourceManager (" + e
          + "); idle containers go back by YARN's headroom alone");
      return 0;
    }
    if (s == null) {
      logOnce("the ResourceManager gives no statistics for queue " + queue
          + "; idle containers go back by YARN's headroom alone");
      return 0;
    }
    long others = Math.max(0, s.getPendingMemoryMB() - Math.max(askedAtHeartbeatMb, askedMb));
    if (!readLogged) {
      readLogged = true;
      LOG.info("tezext scheduler: queue {} read from the ResourceManager: others wait for {} MB (polled every {} ms)",
          queue, others, intervalMs);
    }
    return others;
  }

  private void logOnce(String message) {
    if (!failureLogged) {
      failureLogged = true;
      LOG.warn("tezext scheduler: {}", message);
    }
  }
}
