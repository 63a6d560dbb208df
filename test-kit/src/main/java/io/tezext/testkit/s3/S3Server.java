package io.tezext.testkit.s3;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.apache.hadoop.conf.Configuration;

import io.tezext.testkit.SuppressForbidden;

/**
 * A real S3-API server for tests: s3proxy over a local directory, in a JVM of its own (its Jetty is
 * not Hadoop's), bound to the loopback address. An object is a file under {@link #bucket(String)}:
 * tests write their data there and read it through S3A ({@link #configure(Configuration)}).
 *
 * <p>The s3proxy jar (its {@code jar-with-dependencies}) comes from system property
 * {@value #JAR_PROPERTY}, which the module's build sets after copying it.
 */
public final class S3Server implements AutoCloseable {
  public static final String JAR_PROPERTY = "tezext.s3proxy.jar";
  private static final String ACCESS_KEY = "tezext-access";
  private static final String SECRET_KEY = "tezext-secret";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final Path dir;
  private final Path data;
  private final Path conf;
  private final int port;
  private Process process;

  private S3Server(Path dir, Path data, Path conf, int port) {
    this.dir = dir;
    this.data = data;
    this.conf = conf;
    this.port = port;
  }

  /** Starts a server keeping its objects under {@code dir}; returns once it takes connections. */
  public static S3Server start(Path dir) throws IOException, InterruptedException {
    String jar = System.getProperty(JAR_PROPERTY);
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IllegalStateException("system property " + JAR_PROPERTY + " must name s3proxy's "
          + "jar-with-dependencies (the module's build copies it to target/s3proxy); was " + jar);
    }
    Path data = Files.createDirectories(dir.resolve("objects"));
    int port = freeLoopbackPort();
    Path conf = Files.writeString(dir.resolve("s3proxy.conf"), String.join("\n",
        "s3proxy.endpoint=http://127.0.0.1:" + port,
        "s3proxy.authorization=aws-v2-or-v4",
        "s3proxy.identity=" + ACCESS_KEY,
        "s3proxy.credential=" + SECRET_KEY,
        "jclouds.provider=filesystem",
        "jclouds.filesystem.basedir=" + data.toAbsolutePath(), ""));
    S3Server server = new S3Server(dir, data, conf, port);
    server.launch(jar);
    return server;
  }

  private void launch(String jar) throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path log = dir.resolve("s3proxy.log");
    process = new ProcessBuilder(java.toString(), "-Xmx256m", "-jar", jar, "--properties", conf.toString())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    awaitListening(log);
  }

  /**
   * Stops the server as a crash would (its process killed): requests in flight fail and new ones are
   * refused, until {@link #restart()}. The objects stay.
   */
  public void stop() throws InterruptedException {
    process.destroyForcibly().waitFor();
  }

  /** Starts the server again, on the same port, over the same objects, once {@link #stop()} stopped it. */
  public void restart() throws IOException, InterruptedException {
    if (process.isAlive()) {
      throw new IllegalStateException("the S3 server is running");
    }
    launch(System.getProperty(JAR_PROPERTY));
  }

  /** Whether the server takes connections now (not after {@link #stop()}, until {@link #restart()}). */
  public boolean running() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The port the server listens on, on the loopback address. */
  public int port() {
    return port;
  }

  @SuppressForbidden("waits in real time for a real server to start")
  private void awaitListening(Path log) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("s3proxy exited with " + process.exitValue() + " before it started; see " + log);
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
        return;
      } catch (IOException notYet) {
        Thread.sleep(100);
      }
    }
    close();
    throw new IOException("s3proxy did not start within " + START_TIMEOUT + "; see " + log);
  }

  private static int freeLoopbackPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** The directory holding bucket {@code name}'s objects (created): a file there is an object. */
  public Path bucket(String name) throws IOException {
    return Files.createDirectories(data.resolve(name));
  }

  public String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  /** Points S3A at this server: path-style requests, plain HTTP, its keys. */
  public void configure(Configuration conf) {
    conf.set("fs.s3a.endpoint", endpoint());
    conf.set("fs.s3a.endpoint.region", "us-east-1");
    conf.setBoolean("fs.s3a.path.style.access", true);
    conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
    conf.set("fs.s3a.access.key", ACCESS_KEY);
    conf.set("fs.s3a.secret.key", SECRET_KEY);
    conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    conf.setBoolean("fs.s3a.impl.disable.cache", true);
    // Objects written straight into the directory have no stored ETag; S3A must not require one.
    conf.setBoolean("fs.s3a.change.detection.version.required", false);
  }

  @Override
  @SuppressForbidden("waits in real time for a real server to stop")
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
