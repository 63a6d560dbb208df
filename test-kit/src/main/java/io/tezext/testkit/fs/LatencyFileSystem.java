package io.tezext.testkit.fs;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.impl.OpenFileParameters;

/**
 * The local file system under a scheme of its own ({@value #SCHEME}), where every request an
 * object store would serve remotely costs a latency ({@link LatencyModel}), counted as S3A makes
 * them: a status (HEAD); a listing, one request per page of {@value #LIST_PAGE} entries, a
 * recursive {@code listFiles} as one flat listing of everything below; an open, unless it is given
 * the file's status ({@code openFile().withFileStatus(..)}, which S3A opens lazily); and each read
 * that does not continue where the last one ended (a new ranged GET). It counts those requests,
 * and the streams opened and not closed, per authority:
 * {@code latency://run-7/tmp/t/part-0} is the local {@code /tmp/t/part-0}, counted in run 7's
 * {@link Requests}, so runs in one JVM keep apart.
 */
public class LatencyFileSystem extends RawLocalFileSystem {
  public static final String SCHEME = "latency";
  /** Entries in one page of a listing: S3's most. */
  public static final int LIST_PAGE = 1000;
  private static final Map<String, Requests> REQUESTS = new ConcurrentHashMap<>();
  private static final Map<String, LatencyModel> MODELS = new ConcurrentHashMap<>();

  private URI uri;
  private Requests requests;
  private LatencyModel model;
  /**
   * Set while a request is served: the local file system's listing asks each child's status and its
   * open asks the file's, which an object store's one request does not.
   */
  private final ThreadLocal<Boolean> serving = ThreadLocal.withInitial(() -> false);

  /** Registers the scheme in {@code conf}, and {@code model} for paths under {@code authority}. */
  public static void configure(Configuration conf, String authority, LatencyModel model) {
    conf.set("fs." + SCHEME + ".impl", LatencyFileSystem.class.getName());
    conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
    MODELS.put(authority, model);
    REQUESTS.put(authority, new Requests());
  }

  /** The requests made under {@code authority} since it was configured. */
  public static Requests requests(String authority) {
    return REQUESTS.computeIfAbsent(authority, a -> new Requests());
  }

  /** The path under {@code authority} of a local file. */
  public static Path path(String authority, java.nio.file.Path local) {
    return new Path(SCHEME + "://" + authority + local.toAbsolutePath().toUri().getPath());
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    this.uri = URI.create(SCHEME + "://" + name.getAuthority());
    this.requests = requests(name.getAuthority());
    this.model = MODELS.getOrDefault(name.getAuthority(), LatencyModel.NONE);
    setWorkingDirectory(new Path(uri + new java.io.File("").getAbsoluteFile().toURI().getPath()));
  }

  @Override
  public URI getUri() {
    return uri == null ? super.getUri() : uri; // the local file system's constructor asks before initialize()
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    model.request(requests, Requests.Kind.OPEN, f);
    return openServed(f, bufferSize);
  }

  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(Path path, OpenFileParameters parameters)
      throws IOException {
    if (parameters.getStatus() == null) {
      return super.openFileWithOptions(path, parameters); // through open(): charged
    }
    return CompletableFuture.completedFuture(openServed(path, parameters.getBufferSize()));
  }

  private FSDataInputStream openServed(Path f, int bufferSize) throws IOException {
    FSDataInputStream in = served(() -> super.open(f, bufferSize));
    return new FSDataInputStream(new LatencyInputStream(in, f, model, requests));
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    if (!serving.get()) {
      model.request(requests, Requests.Kind.METADATA, f);
    }
    return plain(super.getFileStatus(f));
  }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    FileStatus[] children = serving.get() ? super.listStatus(f) : served(() -> super.listStatus(f));
    for (int i = 0; i < children.length; i++) {
      children[i] = plain(children[i]);
    }
    if (!serving.get()) {
      chargePages(children.length, f);
    }
    return children;
  }

  /**
   * A copy with default permissions: the local file system loads a status's permissions lazily from
   * the status's path, which is not a {@code file:} path here (listings made through
   * {@code listLocatedStatus}, as Hadoop's and Hive's input formats make them, would fail).
   */
  private static FileStatus plain(FileStatus s) {
    return new FileStatus(s.getLen(), s.isDirectory(), s.getReplication(), s.getBlockSize(), s.getModificationTime(),
        s.getAccessTime(), null, null, null, s.getPath());
  }

  @Override
  public RemoteIterator<LocatedFileStatus> listFiles(Path f, boolean recursive) throws IOException {
    if (!recursive || serving.get()) {
      return super.listFiles(f, recursive); // a directory's listing: charged by listStatus
    }
    List<LocatedFileStatus> files = served(() -> {
      List<LocatedFileStatus> all = new ArrayList<>();
      RemoteIterator<LocatedFileStatus> it = super.listFiles(f, true);
      while (it.hasNext()) {
        all.add(it.next());
      }
      return all;
    });
    chargePages(files.size(), f);
    Iterator<LocatedFileStatus> it = files.iterator();
    return new RemoteIterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public LocatedFileStatus next() {
        return it.next();
      }
    };
  }

  private void chargePages(int entries, Path f) throws IOException {
    for (int page = 0; page == 0 || page * (long) LIST_PAGE < entries; page++) {
      model.request(requests, Requests.Kind.LIST, f);
    }
  }

  private interface Served<T> {
    T call() throws IOException;
  }

  /** Runs a local call that serves one remote request: its own status calls are not charged. */
  private <T> T served(Served<T> call) throws IOException {
    boolean outer = serving.get(); // a served call inside another leaves the outer one served
    serving.set(true);
    try {
      return call.call();
    } finally {
      serving.set(outer);
    }
  }
}
