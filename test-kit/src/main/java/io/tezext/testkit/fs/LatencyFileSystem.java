package io.tezext.testkit.fs;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under a scheme of its own ({@value #SCHEME}), where every request an
 * object store would serve remotely costs a latency ({@link LatencyModel}): a metadata call (a
 * status or a listing), an open, and each read that does not continue where the last one ended (a
 * new ranged GET). It counts those requests, and the streams opened and not closed, per authority:
 * {@code latency://run-7/tmp/t/part-0} is the local {@code /tmp/t/part-0}, counted in run 7's
 * {@link Requests}, so runs in one JVM keep apart.
 */
public class LatencyFileSystem extends RawLocalFileSystem {
  public static final String SCHEME = "latency";
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
    serving.set(true);
    FSDataInputStream in;
    try {
      in = super.open(f, bufferSize);
    } finally {
      serving.set(false);
    }
    return new FSDataInputStream(new LatencyInputStream(in, f, model, requests));
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    if (!serving.get()) {
      model.request(requests, Requests.Kind.METADATA, f);
    }
    return super.getFileStatus(f);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    model.request(requests, Requests.Kind.METADATA, f);
    serving.set(true);
    try {
      return super.listStatus(f);
    } finally {
      serving.set(false);
    }
  }
}
