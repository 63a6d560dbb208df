package io.tezext.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A host name of its own for each NodeManager of a test cluster, so that locality is real: node
 * {@code i} (from 0) is {@code nm-<i+1>.tezext.test} at the loopback address {@code 127.0.0.<i+2>},
 * on the rack given for it. Every JVM of the cluster resolves these names through one hosts file:
 * the JDK reads the file named by the system property {@value #HOSTS_FILE_PROPERTY} instead of the
 * system's resolver, so the test JVM must be started with it (a module's failsafe {@code argLine});
 * the AM and task JVMs get it from the cluster's launch options. The cluster writes the file when it
 * starts: {@code localhost}, this machine's own name (which Hadoop looks up) and the nodes.
 *
 * <p>Racks reach YARN and the Tez AM through Hadoop's {@code TableMapping}, from a table the cluster
 * writes beside its logs; Hadoop looks a host up there by its address, so the table lists both.
 *
 * <p>Linux routes the whole of 127.0.0.0/8 to the loopback interface; other systems may need an
 * alias per address, which {@link #checkBindable} reports.
 */
public final class NodeHosts {
  /** The JDK's system property naming a hosts file that replaces the system's resolver. */
  public static final String HOSTS_FILE_PROPERTY = "jdk.net.hosts.file";
  /** Where every node is unless its rack is given. */
  public static final String DEFAULT_RACK = "/default-rack";
  private static final String DOMAIN = ".tezext.test";
  /** No nodes of their own: the hosts file a JVM started with one needs all the same (localhost, this machine). */
  static final NodeHosts NONE = new NodeHosts(List.of());

  private final List<String> hosts;
  private final List<String> addresses;
  private final List<String> racks;

  private NodeHosts(List<String> racks) {
    this.racks = List.copyOf(racks);
    List<String> names = new ArrayList<>();
    List<String> ips = new ArrayList<>();
    for (int i = 0; i < racks.size(); i++) {
      names.add("nm-" + (i + 1) + DOMAIN);
      ips.add("127.0.0." + (i + 2));
    }
    this.hosts = List.copyOf(names);
    this.addresses = List.copyOf(ips);
  }

  /** Hosts for nodes on the given racks, one rack per node, in node order. */
  static NodeHosts onRacks(List<String> racks) {
    if (racks.isEmpty() || racks.size() > 250) {
      throw new IllegalArgumentException("1 to 250 nodes can have host names of their own, not " + racks.size());
    }
    for (String rack : racks) {
      if (rack == null || !rack.startsWith("/") || rack.length() < 2 || rack.contains(" ")) {
        throw new IllegalArgumentException("a rack is a path such as /rack-1, without spaces: '" + rack + "'");
      }
    }
    return new NodeHosts(racks);
  }

  /** The NodeManagers' host names, in node order: what YARN reports and Tez matches location hints against. */
  public List<String> hosts() {
    return hosts;
  }

  /** Node {@code i}'s rack. */
  public List<String> racks() {
    return racks;
  }

  public String rackOf(String host) {
    int i = hosts.indexOf(Objects.requireNonNull(host, "host"));
    if (i < 0) {
      throw new IllegalArgumentException(host + " is none of this cluster's hosts " + hosts);
    }
    return racks.get(i);
  }

  /** The loopback address node {@code i} binds to. */
  String address(int node) {
    return addresses.get(node);
  }

  /** Whether this JVM resolves names from a hosts file of its own, which a cluster must then write. */
  static boolean jvmHasHostsFile() {
    String file = System.getProperty(HOSTS_FILE_PROPERTY);
    return file != null && !file.isBlank();
  }

  /**
   * The hosts file this JVM was started with: {@value #HOSTS_FILE_PROPERTY} must be set before the JDK
   * resolves its first name, so it cannot be set from a test.
   */
  static Path hostsFileOfThisJvm() {
    String file = System.getProperty(HOSTS_FILE_PROPERTY);
    if (file == null || file.isBlank()) {
      throw new IllegalStateException("NodeManagers with host names of their own need the test JVM started with "
          + "-D" + HOSTS_FILE_PROPERTY + "=<a file under target/> (the module's failsafe argLine; see "
          + "docs/development.md): the JDK reads that property once, before a test can set it");
    }
    return Path.of(file).toAbsolutePath();
  }

  /**
   * Writes the hosts file every JVM of the cluster resolves names with: {@code localhost} and this
   * machine's name at 127.0.0.1, then the nodes. A file the JDK reads replaces the system's resolver
   * entirely, so this machine's name must be there or Hadoop's look-ups of it fail.
   */
  void writeHostsFile(Path file) {
    StringBuilder text = new StringBuilder("# written by the test kit's NodeHosts: one line per name the cluster resolves\n");
    text.append("127.0.0.1 localhost");
    String self = machineName();
    if (!self.equals("localhost")) {
      text.append(' ').append(self);
    }
    text.append('\n');
    for (int i = 0; i < hosts.size(); i++) {
      text.append(addresses.get(i)).append(' ').append(hosts.get(i)).append('\n');
    }
    write(file, text.toString());
  }

  /** A {@code TableMapping} table: each host, by name and by address, and its rack. */
  void writeTopologyTable(Path file) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < hosts.size(); i++) {
      text.append(hosts.get(i)).append(' ').append(racks.get(i)).append('\n');
      text.append(addresses.get(i)).append(' ').append(racks.get(i)).append('\n');
    }
    write(file, text.toString());
  }

  /**
   * Checks that this JVM resolves every node's name to its address and back, and can bind each
   * address: otherwise the cluster would start with NodeManagers that all look alike.
   */
  void checkBindable() {
    for (int i = 0; i < hosts.size(); i++) {
      String host = hosts.get(i);
      try {
        InetAddress resolved = InetAddress.getByName(host);
        if (!resolved.getHostAddress().equals(addresses.get(i))) {
          throw new IllegalStateException(host + " resolves to " + resolved.getHostAddress() + ", not "
              + addresses.get(i) + ": was " + HOSTS_FILE_PROPERTY + " written by another cluster?");
        }
        String back = InetAddress.getByName(addresses.get(i)).getCanonicalHostName();
        if (!back.equals(host)) {
          throw new IllegalStateException(addresses.get(i) + " resolves back to " + back + ", not " + host
              + ": a NodeManager names itself by the reverse look-up of its address");
        }
      } catch (UnknownHostException e) {
        throw new IllegalStateException("this JVM cannot resolve " + host + " from " + hostsFileOfThisJvm()
            + ": was a name looked up before the cluster wrote the file (the JDK caches failures for 10 s)?", e);
      }
      try (ServerSocket probe = new ServerSocket()) {
        probe.bind(new InetSocketAddress(addresses.get(i), 0));
      } catch (IOException e) {
        throw new IllegalStateException("cannot bind " + addresses.get(i) + " for " + host + ": Linux routes "
            + "127.0.0.0/8 to the loopback interface; elsewhere add an alias for it (macOS: "
            + "sudo ifconfig lo0 alias " + addresses.get(i) + ")", e);
      }
    }
  }

  /**
   * This machine's own name, as the JDK asks the system for it ({@code gethostname}) before resolving
   * it: read from the {@code hostname} command, since the JDK's resolver in this JVM is the hosts file
   * being written.
   */
  private static String machineName() {
    try {
      Process p = new ProcessBuilder("hostname").redirectErrorStream(true).start();
      String name = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (p.waitFor() != 0 || name.isEmpty() || name.contains(" ")) {
        throw new IllegalStateException("the hostname command gave '" + name + "' (exit " + p.exitValue() + ")");
      }
      return name;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run the hostname command for this machine's name", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while asking for this machine's name", e);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
