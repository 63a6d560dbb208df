package io.tezext.testkit.s3;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.hadoop.conf.Configuration;

import io.tezext.testkit.SuppressForbidden;

/**
 * A proxy on the loopback address in front of an {@link S3Server} that makes the faults an object
 * store makes: the next requests answered {@code 503 SlowDown} (S3's throttling, which S3A backs off
 * from and retries), every request slowed, and an action run when the n-th request arrives (stop the
 * server in the middle of a planning or a read). Otherwise it passes each request through unchanged,
 * one request per connection ({@code Connection: close} both ways), so that it never has to frame a
 * response body. Point S3A at it with {@link #configure(Configuration)}.
 */
public final class S3FaultProxy implements AutoCloseable {
  private static final String SLOW_DOWN = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SlowDown</Code>"
      + "<Message>Please reduce your request rate.</Message><RequestId>tezext-fault-proxy</RequestId></Error>";

  private final S3Server server;
  private final ServerSocket listener;
  private final Thread acceptor;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong throttled = new AtomicLong();
  private final AtomicInteger throttleNext = new AtomicInteger();
  private final AtomicLong delayMs = new AtomicLong();
  private final AtomicReference<Trigger> trigger = new AtomicReference<>();
  private final AtomicInteger connections = new AtomicInteger();
  private volatile boolean closed;

  private record Trigger(long atRequest, Runnable action) {
  }

  private S3FaultProxy(S3Server server, ServerSocket listener) {
    this.server = server;
    this.listener = listener;
    this.acceptor = new Thread(this::accept, "s3-fault-proxy-accept");
    acceptor.setDaemon(true);
  }

  /** Starts a proxy to {@code server} on a free loopback port. */
  public static S3FaultProxy start(S3Server server) throws IOException {
    ServerSocket listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    S3FaultProxy proxy = new S3FaultProxy(server, listener);
    proxy.acceptor.start();
    return proxy;
  }

  /** Points S3A at the proxy (the server's keys and path-style requests). */
  public void configure(Configuration conf) {
    server.configure(conf);
    conf.set("fs.s3a.endpoint", "http://127.0.0.1:" + listener.getLocalPort());
  }

  /**
   * Points S3A at the proxy, retrying a failed request {@code retries} times from 250 ms apart,
   * doubling (S3A's policy; its default of 7 from 500 ms waits about a minute), throttled ones up to
   * 20 times 100 ms apart, and without the AWS SDK's own retries under S3A's: with few retries a
   * store that stays down fails a read within seconds, with 6 a server's restart is outlasted.
   */
  public void configure(Configuration conf, int retries) {
    configure(conf);
    conf.setInt("fs.s3a.retry.limit", retries);
    conf.set("fs.s3a.retry.interval", "250ms");
    conf.setInt("fs.s3a.retry.throttle.limit", 20);
    conf.set("fs.s3a.retry.throttle.interval", "100ms");
    conf.setInt("fs.s3a.attempts.maximum", 1);
    conf.set("fs.s3a.connection.establish.timeout", "2s");
    conf.set("fs.s3a.connection.timeout", "10s");
  }

  /** The next {@code n} requests get {@code 503 SlowDown}, and never reach the server. */
  public void throttleNext(int n) {
    throttleNext.set(n);
  }

  /** Every request from now on waits {@code millis} before it is passed on (0: none). */
  public void delayEach(long millis) {
    delayMs.set(millis);
  }

  /** Runs {@code action} once, when the proxy has seen {@code n} more requests. */
  public void atRequest(long n, Runnable action) {
    trigger.set(new Trigger(requests.get() + n, action));
  }

  /** Requests seen so far, throttled ones included. */
  public long requests() {
    return requests.get();
  }

  /** Requests answered {@code 503 SlowDown}. */
  public long throttled() {
    return throttled.get();
  }

  /** Back to passing every request through at once. */
  public void clearFaults() {
    throttleNext.set(0);
    delayMs.set(0);
    trigger.set(null);
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = listener.accept();
        open.add(client);
        Thread t = new Thread(() -> serve(client), "s3-fault-proxy-" + connections.incrementAndGet());
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        if (!closed) {
          continue; // a failed accept: the next one may succeed
        }
      }
    }
  }

  @SuppressForbidden("slows a real request down in real time")
  private void serve(Socket client) {
    try (client) {
      InputStream in = client.getInputStream();
      byte[] head = readHead(in);
      if (head == null) {
        return;
      }
      String headText = new String(head, StandardCharsets.ISO_8859_1);
      byte[] body = in.readNBytes((int) contentLength(headText));
      long n = requests.incrementAndGet();
      Trigger t = trigger.get();
      if (t != null && n >= t.atRequest() && trigger.compareAndSet(t, null)) {
        t.action().run();
      }
      if (throttleNext.getAndUpdate(k -> Math.max(0, k - 1)) > 0) {
        throttled.incrementAndGet();
        boolean headRequest = headText.startsWith("HEAD ");
        byte[] xml = SLOW_DOWN.getBytes(StandardCharsets.UTF_8);
        OutputStream out = client.getOutputStream();
        out.write(("HTTP/1.1 503 Slow Down\r\nContent-Type: application/xml\r\nContent-Length: "
            + (headRequest ? 0 : xml.length) + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        if (!headRequest) {
          out.write(xml);
        }
        out.flush();
        return;
      }
      long delay = delayMs.get();
      if (delay > 0) {
        Thread.sleep(delay);
      }
      forward(client, headText, body);
    } catch (IOException | InterruptedException e) {
      // the client or the server went away: the connection ends, as it would with a real one
    } finally {
      open.remove(client);
    }
  }

  private void forward(Socket client, String head, byte[] body) throws IOException {
    Socket upstream = new Socket();
    try {
      upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()), 5_000);
    } catch (IOException down) { // the server is stopped: the client's connection is reset, as a dead host's is
      client.setSoLinger(true, 0);
      upstream.close();
      return;
    }
    open.add(upstream);
    try (upstream) {
      OutputStream toServer = upstream.getOutputStream();
      toServer.write(withConnectionClose(head).getBytes(StandardCharsets.ISO_8859_1));
      toServer.write(body);
      toServer.flush();
      InputStream fromServer = upstream.getInputStream();
      byte[] responseHead = readHead(fromServer);
      if (responseHead == null) {
        client.setSoLinger(true, 0);
        return;
      }
      OutputStream toClient = client.getOutputStream();
      toClient.write(withConnectionClose(new String(responseHead, StandardCharsets.ISO_8859_1))
          .getBytes(StandardCharsets.ISO_8859_1));
      fromServer.transferTo(toClient); // one request per connection: the body ends where the server closes
      toClient.flush();
    } finally {
      open.remove(upstream);
    }
  }

  /** The head (request or status line and headers, with the blank line), or null at the end of the stream. */
  private static byte[] readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b = in.read(); b >= 0; b = in.read()) {
      head.write(b);
      matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
          ? matched + 1 : b == '\r' ? 1 : 0;
      if (matched == 4) {
        return head.toByteArray();
      }
    }
    return null;
  }

  private static long contentLength(String head) {
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        return Long.parseLong(line.substring("content-length:".length()).trim());
      }
    }
    return 0;
  }

  /** The head with its {@code Connection} header, if any, replaced by {@code Connection: close}. */
  private static String withConnectionClose(String head) {
    StringBuilder s = new StringBuilder();
    String[] lines = head.split("\r\n");
    for (String line : lines) {
      if (!line.isEmpty() && !line.toLowerCase(Locale.ROOT).startsWith("connection:")) {
        s.append(line).append("\r\n");
      }
    }
    return s.append("Connection: close\r\n\r\n").toString();
  }

  @Override
  public void close() throws IOException {
    closed = true;
    listener.close();
    for (Socket s : open) {
      s.close();
    }
  }
}
