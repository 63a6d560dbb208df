package io.tezext.testkit.fs;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hadoop.fs.Path;

/** The requests one authority of a {@link LatencyFileSystem} served, and the streams still open. */
public final class Requests {
  /**
   * What a request asked: a file's status (S3's HEAD), a page of a listing (LIST), an open without
   * a known status (S3A's open asks the status first), a ranged read (GET).
   */
  public enum Kind { METADATA, LIST, OPEN, READ }

  private final Map<Kind, AtomicLong> counts = new EnumMap<>(Kind.class);
  private final Map<Object, Path> openPaths = new ConcurrentHashMap<>();
  private final AtomicLong peakOpen = new AtomicLong();

  Requests() {
    for (Kind k : Kind.values()) {
      counts.put(k, new AtomicLong());
    }
  }

  void count(Kind kind) {
    counts.get(kind).incrementAndGet();
  }

  void opened(Object stream, Path path) {
    openPaths.put(stream, path);
    peakOpen.accumulateAndGet(openPaths.size(), Math::max);
  }

  void closed(Object stream) {
    openPaths.remove(stream);
  }

  public long of(Kind kind) {
    return counts.get(kind).get();
  }

  public long total() {
    return counts.values().stream().mapToLong(AtomicLong::get).sum();
  }

  /** The most streams open at once so far. */
  public long peakOpenStreams() {
    return peakOpen.get();
  }

  /** Paths of the streams opened and not yet closed. */
  public Map<Object, Path> openStreams() {
    return Collections.unmodifiableMap(openPaths);
  }

  @Override
  public String toString() {
    return counts + ", " + openPaths.size() + " streams open";
  }
}
