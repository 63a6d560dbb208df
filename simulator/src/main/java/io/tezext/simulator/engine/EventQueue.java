package io.tezext.simulator.engine;

import java.util.Arrays;

/**
 * The event loop's priority queue: a 4-ary heap ordered by (time, phase, sequence), with the
 * ordering keys in primitive arrays beside the events, so that sifting compares numbers held
 * together in memory instead of following a pointer to every event it passes. A simulation of a
 * loaded cluster keeps tens of thousands of events pending and runs millions; this is its
 * innermost loop.
 */
final class EventQueue {
  private static final int PHASE_BITS = 3;
  static final long MAX_TIME_MS = Long.MAX_VALUE >> PHASE_BITS;

  /** time << PHASE_BITS | phase. */
  private long[] when = new long[1 << 12];
  private long[] sequence = new long[1 << 12];
  private ScheduledEvent[] events = new ScheduledEvent[1 << 12];
  private int size;

  static {
    if (Phase.values().length > 1 << PHASE_BITS) {
      throw new AssertionError("EventQueue packs phases into " + PHASE_BITS + " bits");
    }
  }

  void add(ScheduledEvent event) {
    if (size == events.length) {
      int capacity = size * 2;
      when = Arrays.copyOf(when, capacity);
      sequence = Arrays.copyOf(sequence, capacity);
      events = Arrays.copyOf(events, capacity);
    }
    siftUp(size++, event.time << PHASE_BITS | event.phase.ordinal(), event.sequence, event);
  }

  /** Removes and returns the first event, or null when none is left. */
  ScheduledEvent poll() {
    if (size == 0) {
      return null;
    }
    ScheduledEvent first = events[0];
    int last = --size;
    ScheduledEvent moved = events[last];
    events[last] = null;
    if (last > 0) {
      siftDown(0, when[last], sequence[last], moved);
    }
    return first;
  }

  boolean isEmpty() {
    return size == 0;
  }

  private static boolean before(long w1, long s1, long w2, long s2) {
    return w1 < w2 || (w1 == w2 && s1 < s2);
  }

  private void siftUp(int i, long w, long s, ScheduledEvent e) {
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      if (!before(w, s, when[parent], sequence[parent])) {
        break;
      }
      place(i, when[parent], sequence[parent], events[parent]);
      i = parent;
    }
    place(i, w, s, e);
  }

  private void siftDown(int i, long w, long s, ScheduledEvent e) {
    while (true) {
      int first = 4 * i + 1;
      if (first >= size) {
        break;
      }
      int best = first;
      int end = Math.min(first + 4, size);
      for (int c = first + 1; c < end; c++) {
        if (before(when[c], sequence[c], when[best], sequence[best])) {
          best = c;
        }
      }
      if (!before(when[best], sequence[best], w, s)) {
        break;
      }
      place(i, when[best], sequence[best], events[best]);
      i = best;
    }
    place(i, w, s, e);
  }

  private void place(int i, long w, long s, ScheduledEvent e) {
    when[i] = w;
    sequence[i] = s;
    events[i] = e;
  }
}
