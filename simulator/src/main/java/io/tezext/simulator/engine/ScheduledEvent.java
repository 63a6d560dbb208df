package io.tezext.simulator.engine;

/** A pending event: run in (time, phase, sequence) order, cancellable until it runs. */
public final class ScheduledEvent {
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
}
