package io.tezext.testkit.s3;

import java.io.EOFException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.impl.OpenFileParameters;
import org.apache.hadoop.fs.s3a.S3AFileSystem;

/**
 * S3A that counts the input streams it hands out and how many of them were closed, in every
 * instance of the JVM (readers open their own), so that a test can tell whether a reader closed
 * every stream it opened, failures included. Use it with {@link #configure(Configuration)}; the
 * module needs {@code hadoop-aws} on its test class path.
 */
public class CountedS3AFileSystem extends S3AFileSystem {
  private static final AtomicLong OPENED = new AtomicLong();
  private static final AtomicLong CLOSED = new AtomicLong();

  /** Makes {@code s3a://} paths in {@code conf} this file system. */
  public static void configure(Configuration conf) {
    conf.set("fs.s3a.impl", CountedS3AFileSystem.class.getName());
  }

  /** Streams opened so far. */
  public static long opened() {
    return OPENED.get();
  }

  /** Streams opened and not closed so far. */
  public static long open() {
    return OPENED.get() - CLOSED.get();
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return counted(super.open(f, bufferSize));
  }

  @Override
  public CompletableFuture<FSDataInputStream> openFileWithOptions(Path path, OpenFileParameters parameters)
      throws IOException {
    return super.openFileWithOptions(path, parameters).thenApply(CountedS3AFileSystem::counted);
  }

  private static FSDataInputStream counted(FSDataInputStream in) {
    OPENED.incrementAndGet();
    return new FSDataInputStream(new Counted(in));
  }

  /** The stream S3A opened, counted closed once, however often it is closed. */
  private static final class Counted extends FSInputStream {
    private final FSDataInputStream in;
    private final AtomicBoolean closed = new AtomicBoolean();

    Counted(FSDataInputStream in) {
      this.in = in;
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
    public boolean seekToNewSource(long targetPos) throws IOException {
      return in.seekToNewSource(targetPos);
    }

    @Override
    public int read() throws IOException {
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return in.read(b, off, len);
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) throws IOException {
      return in.read(position, buffer, offset, length);
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
      int done = 0;
      while (done < length) {
        int n = in.read(position + done, buffer, offset + done, length - done);
        if (n < 0) {
          throw new EOFException("end of stream after " + done + " of " + length + " bytes at " + position);
        }
        done += n;
      }
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }

    @Override
    public void close() throws IOException {
      if (closed.compareAndSet(false, true)) {
        CLOSED.incrementAndGet();
      }
      in.close();
    }
  }
}
