package io.tezext.simulator.engine;

import java.util.function.LongSupplier;

/**
 * The simulation's only source of time: a single-threaded queue of events in virtual time. Events
 * run in (time, phase, sequence) order; an event may schedule more, never in the past. Nothing
 * advances the clock but this loop.
 */
public final class EventLoop implements LongSupplier {

  /** The latest time an event may have (the queue packs time and phase into one long). */
  public static final long MAX_TIME_MS = EventQueue.MAX_TIME_MS;

  private final EventQueue queue = new EventQueue();
  private long now;
  private Phase phase = Phase.FAILURE;
  private long sequence;
  private long processed;
  private EventObserver observer = EventObserver.NONE;

  /** Current virtual time in milliseconds. */
  public long now() {
    return now;
  }

  /** The phase of the event running now. */
  public Phase phase() {
    return phase;
  }

  @Override
  public long getAsLong() {
    return now;
  }

  /** Runs {@code action} at virtual time {@code time}. */
  public ScheduledEvent at(long time, Phase phase, Runnable action) {
    if (time < now) {
      throw new IllegalStateException("cannot schedule an event at " + time + " ms, before now (" + now + " ms)");
    }
    if (time > MAX_TIME_MS) {
      throw new IllegalStateException("cannot schedule an event at " + time + " ms, past the simulator's horizon ("
          + MAX_TIME_MS + " ms)");
    }
    ScheduledEvent event = new ScheduledEvent(time, phase, sequence++, action);
    queue.add(event);
    return event;
  }

  /** Runs {@code action} {@code delayMs} from now. */
  public ScheduledEvent after(long delayMs, Phase phase, Runnable action) {
    if (delayMs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ms, was " + delayMs);
    }
    return at(now + delayMs, phase, action);
  }

  /** Checks invariants (or collects figures) after every event; test runs install a checker. */
  public void observe(EventObserver observer) {
    this.observer = observer;
  }

  /** Runs events until none is left or {@code stop} says so. Returns the number processed. */
  public long run(StopCondition stop) {
    long start = processed;
    ScheduledEvent event;
    while ((event = queue.poll()) != null) {
      if (event.isCancelled()) {
        continue;
      }
      now = event.time;
      phase = event.phase;
      event.markDone();
      event.action.run();
      processed++;
      observer.afterEvent(now);
      if (stop.shouldStop()) {
        break;
      }
    }
    return processed - start;
  }

  public long processed() {
    return processed;
  }

  public boolean isEmpty() {
    return queue.isEmpty();
  }

  /** Decides, after each event, whether the run is over. */
  @FunctionalInterface
  public interface StopCondition {
    boolean shouldStop();
  }

  /** Called after every event. */
  @FunctionalInterface
  public interface EventObserver {
    EventObserver NONE = now -> { };

    void afterEvent(long now);
  }
}
