package io.tezext.reader.grouped;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.tezext.reader.open.OpenCounts;

/**
 * The progress of one grouped split's read, split by split in order: bytes done, records per
 * split, time the read waited for opens, and the reader's counters (group {@value #COUNTER_GROUP})
 * when the read ends or closes.
 */
public final class GroupRead {
  public static final String COUNTER_GROUP = "tezext reader";

  /** Where counters go: a task's reporter or context. */
  @FunctionalInterface
  public interface Counters {
    void increment(String group, String counter, long amount);
  }

  /** One split read to its end: its index in the group, its length and the records it gave. */
  public record SplitRead(int split, long length, long records) {
  }

  private final long[] lengths;
  private final long total;
  private final Counters counters;
  private final List<SplitRead> done = new ArrayList<>();
  private int current = -1;
  private long bytesDone;
  private long records;
  private long waitedNanos;
  private boolean finished;

  public GroupRead(long[] lengths, Counters counters) {
    this.lengths = lengths.clone();
    long sum = 0;
    for (long length : lengths) {
      sum += Math.max(0, length);
    }
    this.total = sum;
    this.counters = counters;
  }

  public long length(int split) {
    return lengths[split];
  }

  public void splitStarted() {
    current++;
    records = 0;
  }

  public void record() {
    records++;
  }

  public void splitDone() {
    done.add(new SplitRead(current, lengths[current], records));
    bytesDone += Math.max(0, lengths[current]);
    records = 0;
  }

  public void waited(long nanos) {
    waitedNanos += nanos;
  }

  /** Bytes read so far, given how far through its split the current reader is (0 to 1). */
  public long position(float currentProgress) {
    if (current < 0 || current >= lengths.length || done.size() > current) {
      return bytesDone;
    }
    return bytesDone + (long) (Math.max(0, lengths[current]) * Math.min(1f, Math.max(0f, currentProgress)));
  }

  public float progress(float currentProgress) {
    return total == 0 ? (done.size() == lengths.length ? 1f : 0f)
        : Math.min(1f, position(currentProgress) / (float) total);
  }

  /** The splits read to their end, in order. */
  public List<SplitRead> splitsRead() {
    return Collections.unmodifiableList(done);
  }

  /** Reports the read's counters, once, when it ends or closes. */
  public void finish(OpenCounts opens) {
    if (finished) {
      return;
    }
    finished = true;
    counters.increment(COUNTER_GROUP, "SPLITS_READ", done.size());
    counters.increment(COUNTER_GROUP, "READERS_OPENED", opens.started());
    counters.increment(COUNTER_GROUP, "READERS_CLOSED_UNREAD", opens.closedUnread());
    counters.increment(COUNTER_GROUP, "OPEN_WAIT_MS", waitedNanos / 1_000_000);
  }
}
