package io.tezext.reader.open;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the readers of a grouped split's splits ahead of the one being read, on an executor, and
 * hands them out strictly in split order: {@link #next()} returns split 0's reader, then split 1's,
 * and so on, whatever order the opens finish in.
 *
 * <p>Each split has one slot, filled only by its own open, so no split can be skipped or handed out
 * twice. Opens are started in split order, at most {@link OpenAheadLimits#readers()} and
 * {@link OpenAheadLimits#bytes()} ahead of the read. A failed open is reported when the read
 * reaches its split, after every split before it was handed out, naming the split; readers opened
 * after it are closed and no more are opened. {@link #close()} (the end of the read, an early
 * close such as a LIMIT, or a failure) closes every reader opened and not handed out, including
 * those whose open finishes later.
 *
 * <p>The read is one thread's; opens run on the executor's threads. Readers handed out are the
 * caller's to close.
 */
public final class OpenAhead<R extends Closeable> implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(OpenAhead.class);

  private enum State { WAITING, OPENING, OPEN, FAILED, HANDED_OUT, DISCARDED }

  private final int splits;
  private final SplitOpener<R> opener;
  private final IntFunction<String> describe;
  private final OpenAheadLimits limits;
  private final Executor executor;
  private final long[] bytes;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition settled = lock.newCondition();
  private final State[] states;
  private final Object[] readers;
  private final Throwable[] failures;
  /** Whether a split's open has begun (a queued one has not, and never will once closed). */
  private final boolean[] begun;
  /** The next split to open, and the next to hand out. */
  private int nextToOpen;
  private int nextToHand;
  /** Readers opening or open and not handed out, and the split bytes they cover. */
  private int ahead;
  private long bytesAhead;
  /** Whether the read waits for the next split (so that with no readers ahead it still opens). */
  private boolean wanted;
  private boolean failed;
  private boolean closed;
  private final OpenCounts counts = new OpenCounts();

  /**
   * @param splits how many splits the group has
   * @param opener opens a split's reader; called on the executor's threads
   * @param bytesOf a split's length, what its open reader is taken to hold at most
   * @param describe a split in words for errors (its path and range)
   */
  public OpenAhead(int splits, SplitOpener<R> opener, IntToLongFunction bytesOf, IntFunction<String> describe,
      OpenAheadLimits limits, Executor executor) {
    this.splits = splits;
    this.opener = opener;
    this.describe = describe;
    this.limits = limits;
    this.executor = executor;
    this.bytes = new long[splits];
    for (int i = 0; i < splits; i++) {
      bytes[i] = Math.max(0, bytesOf.applyAsLong(i));
    }
    this.states = new State[splits];
    Arrays.fill(states, State.WAITING);
    this.readers = new Object[splits];
    this.failures = new Throwable[splits];
    this.begun = new boolean[splits];
    lock.lock();
    try {
      openMore();
    } finally {
      lock.unlock();
    }
  }

  /**
   * The next split's reader, waiting for its open if needed; null after the last split.
   *
   * @throws IOException if the split's open failed (naming the split), or this was closed
   */
  public R next() throws IOException {
    List<R> discarded = List.of();
    lock.lock();
    try {
      if (closed) {
        throw new IOException("the reads of this grouped split were closed");
      }
      if (nextToHand == splits) {
        return null;
      }
      int split = nextToHand;
      wanted = true;
      openMore();
      while (states[split] == State.OPENING) {
        try {
          settled.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          discarded = closeLocked();
          throw new InterruptedIOException("interrupted waiting for " + describe.apply(split) + " to open");
        }
      }
      wanted = false;
      if (states[split] == State.FAILED) {
        discarded = closeLocked();
        throw new IOException("could not open split " + (split + 1) + " of " + splits + " ("
            + describe.apply(split) + "): " + failures[split], failures[split]);
      }
      R reader = take(split);
      states[split] = State.HANDED_OUT;
      leaveAhead(split);
      nextToHand++;
      openMore();
      return reader;
    } finally {
      lock.unlock();
      closeAll(discarded);
    }
  }

  /** Closes every reader opened and not handed out (and each still opening, once open); opens no more. */
  @Override
  public void close() throws IOException {
    List<R> toClose;
    lock.lock();
    try {
      toClose = closeLocked();
    } finally {
      lock.unlock();
    }
    closeAll(toClose);
  }

  /** How many opens started, finished and were closed unread, so far. */
  public OpenCounts counts() {
    lock.lock();
    try {
      return counts.copy();
    } finally {
      lock.unlock();
    }
  }

  private void openMore() {
    while (!closed && !failed && nextToOpen < splits && mayOpen(nextToOpen)) {
      int split = nextToOpen++;
      states[split] = State.OPENING;
      ahead++;
      bytesAhead += bytes[split];
      counts.started++;
      executor.execute(() -> open(split));
    }
  }

  private boolean mayOpen(int split) {
    if (ahead == 0) {
      return limits.readers() > 0 || wanted;
    }
    return ahead < limits.readers() && bytesAhead + bytes[split] <= limits.bytes();
  }

  @SuppressWarnings("unchecked")
  private R take(int split) {
    R reader = (R) readers[split];
    readers[split] = null;
    return reader;
  }

  private void leaveAhead(int split) {
    ahead--;
    bytesAhead -= bytes[split];
  }

  /** Runs on an executor thread. */
  private void open(int split) {
    lock.lock();
    try {
      if (closed) { // closed before this open began: nothing to do
        states[split] = State.DISCARDED;
        leaveAhead(split);
        return;
      }
      begun[split] = true;
    } finally {
      lock.unlock();
    }
    R reader = null;
    Throwable failure = null;
    try {
      reader = opener.open(split);
      if (reader == null) {
        failure = new IOException("the input format returned no reader");
      }
    } catch (Throwable t) { // anything thrown here would die with the executor's thread
      failure = t;
      if (t instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
    boolean discard;
    lock.lock();
    try {
      counts.finished++;
      discard = closed;
      if (discard) {
        states[split] = State.DISCARDED;
        leaveAhead(split);
      } else if (failure != null) {
        states[split] = State.FAILED;
        failures[split] = failure;
        failed = true;
      } else {
        states[split] = State.OPEN;
        readers[split] = reader;
      }
      if (discard && reader == null) {
        counts.closedUnread--; // counted at close as a reader to come; none came
      }
      settled.signalAll();
    } finally {
      lock.unlock();
    }
    if (discard && reader != null) {
      closeAll(List.of(reader));
    }
  }

  private List<R> closeLocked() {
    if (closed) {
      return List.of();
    }
    closed = true;
    List<R> open = new ArrayList<>();
    for (int i = nextToHand; i < nextToOpen; i++) {
      if (states[i] == State.OPEN) {
        open.add(take(i));
        states[i] = State.DISCARDED;
        leaveAhead(i);
        counts.closedUnread++;
      } else if (states[i] == State.FAILED) {
        states[i] = State.DISCARDED;
        leaveAhead(i);
      } else if (states[i] == State.OPENING && begun[i]) {
        // Its reader is closed unread when the open returns: counted now, so that counters
        // reported at close are whole.
        counts.closedUnread++;
      }
    }
    settled.signalAll();
    return open;
  }

  private void closeAll(List<R> toClose) {
    for (R reader : toClose) {
      try {
        reader.close();
      } catch (IOException | RuntimeException e) {
        // Nothing reads these; the read goes on or has ended.
        LOG.warn("closing a reader opened ahead and not read failed", e);
      }
    }
  }
}
