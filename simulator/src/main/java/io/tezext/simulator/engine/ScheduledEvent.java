package io.tezext.simulator.engine;

/** A pending event: ordered by (time, phase, sequence), cancellable until it runs. */
public final class ScheduledEvent implements Comparable<ScheduledEvent> {
  final long time;
  final Phase phase;
  final long sequence;
  final Runnable action;
  private boolean cancelled;
  private boolean done;

  ScheduledEvent(long time, Phase phase, long sequence, Runnable action) {
    this.time = time;
    this.phase = phase;
    this.sequence = sequence;
    this.action = action;
  }

  public long time() {
    return time;
  }

  /** Cancels the event; returns false if it already ran or was cancelled. */
  public boolean cancel() {
    if (cancelled || done) {
      return false;
    }
    cancelled = true;
    return true;
  }

  public boolean isCancelled() {
    return cancelled;
  }

  public boolean isDone() {
    return done || cancelled;
  }

  void markDone() {
    done = true;
  }

  @Override
  public int compareTo(ScheduledEvent o) {
    int c = Long.compare(time, o.time);
    if (c != 0) {
      return c;
    }
    c = phase.compareTo(o.phase);
    return c != 0 ? c : Long.compare(sequence, o.sequence);
  }
}
