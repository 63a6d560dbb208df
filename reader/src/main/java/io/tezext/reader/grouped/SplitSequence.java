package io.tezext.reader.grouped;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

import io.tezext.reader.config.ReaderSettings;
import io.tezext.reader.open.OpenAhead;
import io.tezext.reader.open.OpenCounts;
import io.tezext.reader.open.OpenPool;
import io.tezext.reader.open.SplitOpener;

/**
 * The readers of a grouped split's splits, one after another in split order, with the next ones
 * opened ahead on their own threads: what the mapred and mapreduce grouped readers share. It closes
 * each reader when the read moves past it, stops the threads when the read ends, fails or closes,
 * and keeps the read's progress and counters ({@link GroupRead}).
 *
 * @param <R> a split's reader
 */
public final class SplitSequence<R extends Closeable> implements Closeable {
  private final OpenPool pool;
  private final OpenAhead<R> ahead;
  private final GroupRead read;
  private final LongSupplier nanoClock;
  private final HandOver<R> handOver;
  private final IntFunction<String> describe;
  private final int splits;
  private R current;
  /** The index of the split being read; -1 before the first. */
  private int currentSplit = -1;

  /**
   * Starts opening the first splits.
   *
   * @param lengths each split's length in bytes
   * @param describe a split in words, for errors
   * @param nanoClock monotonic nanoseconds, to time the read's waits for opens
   */
  public SplitSequence(long[] lengths, SplitOpener<R> opener, IntFunction<String> describe, ReaderSettings settings,
      GroupRead.Counters counters, LongSupplier nanoClock) {
    this(lengths, opener, HandOver.none(), describe, settings, counters, nanoClock);
  }

  /**
   * Starts opening the first splits; each reader is handed over ({@code handOver}) when the read
   * reaches its split.
   */
  public SplitSequence(long[] lengths, SplitOpener<R> opener, HandOver<R> handOver, IntFunction<String> describe,
      ReaderSettings settings, GroupRead.Counters counters, LongSupplier nanoClock) {
    this.handOver = handOver;
    this.read = new GroupRead(lengths, counters);
    this.nanoClock = nanoClock;
    this.describe = describe;
    this.splits = lengths.length;
    this.pool = new OpenPool(settings.opensAhead() ? settings.threads() : 0);
    this.ahead = new OpenAhead<>(lengths.length, opener, read::length, describe, settings.limits(), pool.executor());
  }

  /** The reader of the split being read, or null before the first and after the last. */
  public R current() {
    return current;
  }

  /** Closes the current reader and moves to the next split's; null after the last split. */
  public R advance() throws IOException {
    if (current != null) {
      R done = current;
      current = null;
      done.close();
      read.splitDone();
    }
    long waitStart = nanoClock.getAsLong();
    try {
      current = ahead.next();
    } catch (IOException e) {
      close();
      throw e;
    }
    read.waited(nanoClock.getAsLong() - waitStart);
    if (current == null) {
      read.finish(ahead.counts());
      pool.close();
      return null;
    }
    currentSplit++;
    read.splitStarted();
    try {
      handOver.handOver(currentSplit, current);
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
    return current;
  }

  /**
   * {@code failure} of reading the current split, as the task should see it: naming the split,
   * as a failure to open one does.
   */
  public IOException readFailed(IOException failure) {
    String which = currentSplit < 0 ? "the grouped split" : "split " + (currentSplit + 1) + " of " + splits + " ("
        + describe.apply(currentSplit) + ")";
    return new IOException("could not read " + which + ": " + failure, failure);
  }

  /** Counts a record of the current split. */
  public void record() {
    read.record();
  }

  public GroupRead read() {
    return read;
  }

  /** The opens so far: started, finished, closed unread. */
  public OpenCounts opens() {
    return ahead.counts();
  }

  /** The opening threads, for tests that check none is left running. */
  public OpenPool pool() {
    return pool;
  }

  /** Closes the current reader and every reader opened ahead; stops the opening threads. */
  @Override
  public void close() throws IOException {
    try {
      if (current != null) {
        R reading = current;
        current = null;
        reading.close();
      }
    } finally {
      try {
        ahead.close();
      } finally {
        pool.close();
        read.finish(ahead.counts());
      }
    }
  }
}
