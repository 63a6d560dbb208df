package io.tezext.testkit.fs;

import java.io.IOException;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;

/** A stream whose reads cost a request each time they do not continue where the last one ended. */
final class LatencyInputStream extends FSInputStream {
  private final FSDataInputStream in;
  private final Path path;
  private final LatencyModel model;
  private final Requests requests;
  /** Where the open ranged read ends (-1: none open). */
  private long streamAt = -1;
  private boolean closed;

  LatencyInputStream(FSDataInputStream in, Path path, LatencyModel model, Requests requests) {
    this.in = in;
    this.path = path;
    this.model = model;
    this.requests = requests;
    requests.opened(this, path);
  }

  private void continueOrRequest() throws IOException {
    long at = in.getPos();
    if (at != streamAt) {
      model.request(requests, Requests.Kind.READ, path);
    }
  }

  @Override
  public int read() throws IOException {
    continueOrRequest();
    int b = in.read();
    streamAt = in.getPos();
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    continueOrRequest();
    int n = in.read(b, off, len);
    streamAt = in.getPos();
    return n;
  }

  @Override
  public int read(long position, byte[] buffer, int offset, int length) throws IOException {
    model.request(requests, Requests.Kind.READ, path);
    return in.read(position, buffer, offset, length);
  }

  @Override
  public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
    model.request(requests, Requests.Kind.READ, path);
    in.readFully(position, buffer, offset, length);
  }

  @Override
  public void seek(long pos) throws IOException {
    in.seek(pos);
  }

  @Override
  public long getPos() throws IOException {
    return in.getPos();
  }

  @Override
  public boolean seekToNewSource(long targetPos) {
    return false;
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      requests.closed(this);
      in.close();
    }
  }
}
