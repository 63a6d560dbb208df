package io.tezext.testkit.fs;

import java.io.IOException;
import java.io.InterruptedIOException;

import org.apache.hadoop.fs.Path;

import io.tezext.testkit.SuppressForbidden;

/**
 * What each request to a {@link LatencyFileSystem} costs, and which opens fail. Implementations
 * must be thread-safe: tasks open files from several threads.
 */
public interface LatencyModel {
  LatencyModel NONE = (kind, path) -> 0;

  /** The latency of a request, in milliseconds (0 for none). */
  long latencyMs(Requests.Kind kind, Path path) throws IOException;

  /** A model charging every request {@code ms}. */
  static LatencyModel fixed(long ms) {
    return (kind, path) -> ms;
  }

  /** Counts the request, then waits its latency (the model may also throw, failing the request). */
  @SuppressForbidden("the latency of a remote store, simulated in real time for real readers")
  default void request(Requests requests, Requests.Kind kind, Path path) throws IOException {
    requests.count(kind);
    long ms = latencyMs(kind, path);
    if (ms > 0) {
      try {
        Thread.sleep(ms);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted during a request for " + path);
      }
    }
  }
}
