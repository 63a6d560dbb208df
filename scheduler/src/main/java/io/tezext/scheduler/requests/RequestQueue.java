package io.tezext.scheduler.requests;

import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.TreeMap;

/**
 * Waiting requests in {@link PendingRequest#ORDER}: by priority, then by sequence. A scheduler
 * changes these sets at every heartbeat (tasks join at the back, tasks are assigned from anywhere)
 * with thousands waiting, and a tree set spends that time chasing pointers to compare requests. So
 * each priority keeps its requests in an array sorted by sequence, with the sequences beside them
 * in a {@code long[]}: a request joins at the end (where almost every request joins), a removal
 * leaves a hole that iteration skips, and the array is compacted once holes outnumber requests.
 * Not thread-safe; iterators fail on a change made while they run.
 */
final class RequestQueue implements Iterable<PendingRequest> {
  private static final int FIRST_CAPACITY = 8;

  private final TreeMap<Integer, Line> byPriority = new TreeMap<>();
  private int size;
  private int changes;

  void add(PendingRequest r) {
    byPriority.computeIfAbsent(r.priority, p -> new Line()).add(r);
    size++;
    changes++;
  }

  /** Removes {@code r}; false if it was not here. */
  boolean remove(PendingRequest r) {
    Line line = byPriority.get(r.priority);
    if (line == null || !line.remove(r)) {
      return false;
    }
    if (line.live == 0) {
      byPriority.remove(r.priority);
    }
    size--;
    changes++;
    return true;
  }

  void clear() {
    byPriority.clear();
    size = 0;
    changes++;
  }

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  /** The first request, or null. */
  PendingRequest first() {
    return size == 0 ? null : byPriority.firstEntry().getValue().first();
  }

  /** The requests at {@code priority}, in order. */
  Iterable<PendingRequest> atPriority(int priority) {
    Line line = byPriority.get(priority);
    return line == null ? List.of() : () -> new Walk(List.of(line).iterator());
  }

  @Override
  public Iterator<PendingRequest> iterator() {
    return new Walk(byPriority.values().iterator());
  }

  /** The requests of one priority, by sequence, with holes where requests left. */
  private static final class Line {
    long[] sequences = new long[FIRST_CAPACITY];
    PendingRequest[] requests = new PendingRequest[FIRST_CAPACITY];
    /** The slots in use are [head, tail); live of them hold a request. */
    int head;
    int tail;
    int live;

    void add(PendingRequest r) {
      if (tail == requests.length) {
        makeRoom();
      }
      int at = tail;
      if (tail > head && sequences[tail - 1] >= r.sequence) {
        // Out of order (promoted or re-planned after later requests joined): find its place.
        at = Arrays.binarySearch(sequences, head, tail, r.sequence);
        if (at >= 0) { // the hole it left when it was removed
          if (requests[at] != null) {
            throw new IllegalStateException(r + " is already queued");
          }
          requests[at] = r;
          live++;
          return;
        }
        at = -(at + 1);
        System.arraycopy(sequences, at, sequences, at + 1, tail - at);
        System.arraycopy(requests, at, requests, at + 1, tail - at);
      }
      sequences[at] = r.sequence;
      requests[at] = r;
      tail++;
      live++;
    }

    boolean remove(PendingRequest r) {
      int at = Arrays.binarySearch(sequences, head, tail, r.sequence);
      if (at < 0 || requests[at] != r) {
        return false;
      }
      requests[at] = null;
      live--;
      while (head < tail && requests[head] == null) {
        head++;
      }
      while (tail > head && requests[tail - 1] == null) {
        tail--;
      }
      if (live == 0) {
        head = 0;
        tail = 0;
      } else if (tail - head - live > live + FIRST_CAPACITY) {
        compact();
      }
      return true;
    }

    PendingRequest first() {
      return requests[head]; // head always holds a request while any is live
    }

    /** Compacts, and doubles the arrays if that freed too little. */
    private void makeRoom() {
      if (live > requests.length / 2) {
        sequences = Arrays.copyOf(sequences, requests.length * 2);
        requests = Arrays.copyOf(requests, requests.length * 2);
      }
      compact();
    }

    private void compact() {
      int to = 0;
      for (int from = head; from < tail; from++) {
        if (requests[from] != null) {
          sequences[to] = sequences[from];
          requests[to++] = requests[from];
        }
      }
      Arrays.fill(requests, to, tail, null);
      head = 0;
      tail = to;
    }
  }

  private final class Walk implements Iterator<PendingRequest> {
    private final Iterator<Line> lines;
    private final int expectedChanges = changes;
    private Line line;
    private int at;

    Walk(Iterator<Line> lines) {
      this.lines = lines;
    }

    @Override
    public boolean hasNext() {
      if (changes != expectedChanges) {
        throw new ConcurrentModificationException();
      }
      while (true) {
        if (line != null) {
          while (at < line.tail && line.requests[at] == null) {
            at++;
          }
          if (at < line.tail) {
            return true;
          }
        }
        if (!lines.hasNext()) {
          return false;
        }
        line = lines.next();
        at = line.head;
      }
    }

    @Override
    public PendingRequest next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return line.requests[at++];
    }
  }
}
