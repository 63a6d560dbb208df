package io.tezext.splitgen.orc;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A file system that knows one file's status: it answers status requests for that file itself and
 * opens it with the status ({@code openFile().withFileStatus(..)}), so an object store such as S3A
 * sends no metadata request of its own. What orc-core is handed to read one file.
 */
public final class KnownStatusFileSystem extends FilterFileSystem {
  private final FileStatus status;

  public KnownStatusFileSystem(FileSystem fs, FileStatus status) {
    super(fs);
    this.status = status;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (!f.equals(status.getPath())) {
      return super.open(f, bufferSize);
    }
    try {
      return fs.openFile(f).withFileStatus(status).build().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted opening " + f);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    return f.equals(status.getPath()) ? status : super.getFileStatus(f);
  }
}
