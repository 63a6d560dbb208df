package io.tezext.splitgen.orc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;

import io.tezext.splitgen.plan.Stripe;

/**
 * Reads an ORC file's tail (postscript, footer, stripe statistics) with orc-core's own reader and
 * the fewest requests an object store can serve: the length is known (no status request) and the
 * file is opened with the status its listing gave (S3A then skips its own metadata request), so
 * a tail costs an open and one or two ranged reads.
 */
public final class TailReader {
  private static final int MAGIC = 3; // "ORC" at the start of every file

  private TailReader() {
  }

  public static FileTail read(FileSystem fs, FileStatus status, Configuration conf) throws IOException {
    String path = status.getPath().toString();
    long length = status.getLen();
    if (length <= MAGIC) {
      throw new IOException(path + ": " + length + " bytes, too short for an ORC file");
    }
    Reader reader;
    try {
      reader = OrcFile.createReader(status.getPath(),
          OrcFile.readerOptions(conf).filesystem(new KnownStatus(fs, status)).maxLength(length));
    } catch (IOException | RuntimeException e) {
      throw new IOException(path + ": not a readable ORC file: " + e.getMessage(), e);
    }
    try (reader) {
      List<Stripe> stripes = new ArrayList<>();
      for (StripeInformation s : reader.getStripes()) {
        stripes.add(new Stripe(s.getOffset(), s.getLength(), s.getNumberOfRows()));
      }
      return new FileTail(path, length, status.getModificationTime(), reader.getFileTail().toByteArray(), stripes,
          reader.getNumberOfRows(), reader.getWriterVersion().name());
    } catch (IllegalArgumentException e) { // a stripe the footer describes impossibly
      throw new IOException(path + ": corrupt ORC footer: " + e.getMessage(), e);
    }
  }

  /** The file system, opening one file with its known status. */
  private static final class KnownStatus extends FilterFileSystem {
    private final FileStatus status;

    KnownStatus(FileSystem fs, FileStatus status) {
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
        throw new java.io.InterruptedIOException("interrupted opening " + f);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      }
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
      return f.equals(status.getPath()) ? status : super.getFileStatus(f);
    }
  }
}
