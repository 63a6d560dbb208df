package io.tezext.splitgen.orc;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

import io.tezext.splitgen.BadInputException;

/**
 * Reads the tails of many ORC files at once on a bounded pool, from the cache where it has them,
 * and returns them in the files' order. The first file that cannot be read fails the whole read
 * naming it (the rest are cancelled), unless bad files are to be skipped, when files that are not
 * readable ORC are listed (a failure to reach a file still fails the read).
 */
public final class FooterReads {
  /** The tails read, in the files' order, and the files left out with why. */
  public record Result(List<FileTail> tails, List<String> skipped) {
  }

  private final ExecutorService pool;
  private final TailCache cache;
  private final Configuration conf;

  public FooterReads(ExecutorService pool, TailCache cache, Configuration conf) {
    this.pool = pool;
    this.cache = cache;
    this.conf = conf;
  }

  /**
   * A tail read that failed because the file changed after it was listed is named for that (one
   * status request, paid only on failure): its tail was read at the listed length.
   */
  private static IOException changedOr(IOException failure, FileSystem fs, FileStatus listed) {
    FileStatus now;
    try {
      now = fs.getFileStatus(listed.getPath());
    } catch (FileNotFoundException e) {
      return new BadInputException(listed.getPath() + ": deleted while splits were planned", failure);
    } catch (IOException e) {
      failure.addSuppressed(e);
      return failure;
    }
    FileVersion planned = FileVersion.of(listed);
    FileVersion current = FileVersion.of(now);
    if (!planned.sameAs(current)) {
      return new BadInputException(listed.getPath() + ": changed while splits were planned ("
          + planned.changeTo(current) + ")", failure);
    }
    return failure;
  }

  public Result read(List<? extends FileStatus> files, boolean skipBad) throws IOException {
    List<Future<FileTail>> reads = new ArrayList<>(files.size());
    Map<String, FileSystem> fileSystems = new HashMap<>(); // one per store, not one per file (caches may be off)
    for (FileStatus f : files) {
      URI uri = f.getPath().toUri();
      String store = uri.getScheme() + "://" + uri.getAuthority();
      FileSystem found = fileSystems.get(store);
      if (found == null) {
        found = f.getPath().getFileSystem(conf);
        fileSystems.put(store, found);
      }
      FileSystem fs = found;
      reads.add(pool.submit(() -> {
        String path = f.getPath().toString();
        FileTail cached = cache.get(path, FileVersion.of(f));
        if (cached != null) {
          return cached;
        }
        FileTail tail;
        try {
          tail = TailReader.read(fs, f, conf);
        } catch (IOException e) {
          throw changedOr(e, fs, f);
        }
        cache.put(tail);
        return tail;
      }));
    }
    List<FileTail> tails = new ArrayList<>(files.size());
    List<String> skipped = new ArrayList<>();
    try {
      for (Future<FileTail> read : reads) {
        try {
          tails.add(read.get());
        } catch (ExecutionException e) {
          IOException failure = e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
          if (!skipBad || !(failure instanceof BadInputException)) {
            throw failure; // a network or permission failure is never a file to skip
          }
          skipped.add(failure.getMessage());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted reading ORC tails");
    } catch (CancellationException e) {
      throw new IOException("reading ORC tails was cancelled", e);
    } finally {
      reads.forEach(r -> r.cancel(true)); // after a failure, nothing more is read
    }
    return new Result(tails, skipped);
  }
}
