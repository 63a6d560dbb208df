package io.tezext.splitgen.orc;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Tails already read, by path and version (length, modification time, etag: a file rewritten in
 * place is a new key), the least recently used dropped first once the tails held pass a byte bound. Shared by the
 * threads reading tails.
 */
public final class TailCache {
  private record Key(String path, FileVersion version) {
  }

  private static TailCache shared;

  private final long maxBytes;
  private final LinkedHashMap<Key, FileTail> tails = new LinkedHashMap<>(16, 0.75f, true);
  private long bytes;
  private long hits;
  private long misses;

  public TailCache(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("a tail cache holds at least 0 bytes, not " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  /**
   * The cache this JVM's planning shares (an AM plans every DAG of a session, and files read for
   * one query are read again by the next), bounded at {@code maxBytes}: made anew, empty, when the
   * bound asked for changes.
   */
  public static synchronized TailCache shared(long maxBytes) {
    if (shared == null || shared.maxBytes != maxBytes) {
      shared = new TailCache(maxBytes);
    }
    return shared;
  }

  /** The tail read from this version of this file, or null. */
  public synchronized FileTail get(String path, FileVersion version) {
    FileTail tail = tails.get(new Key(path, version));
    if (tail == null) {
      misses++;
    } else {
      hits++;
    }
    return tail;
  }

  public synchronized void put(FileTail tail) {
    long size = tail.bytes();
    if (size > maxBytes) {
      return; // a tail larger than the whole cache is not kept
    }
    FileTail old = tails.put(new Key(tail.path(), tail.version()), tail);
    bytes += size - (old == null ? 0 : old.bytes());
    for (Iterator<Map.Entry<Key, FileTail>> it = tails.entrySet().iterator(); bytes > maxBytes && it.hasNext();) {
      bytes -= it.next().getValue().bytes();
      it.remove();
    }
  }

  public synchronized long bytes() {
    return bytes;
  }

  public synchronized long hits() {
    return hits;
  }

  public synchronized long misses() {
    return misses;
  }
}
