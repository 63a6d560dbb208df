package io.tezext.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.test.MiniTezCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Tez-on-YARN cluster for integration tests: a YARN ResourceManager, {@code nodeManagers}
 * NodeManagers and, for each {@code TezClient} a test starts, a real Tez AM and task JVMs.
 *
 * <p>Register it once per test class; it starts before the first test and stops after the last:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final TezTestCluster CLUSTER = TezTestCluster.builder().build();
 *
 * @Test
 * void runsMyDag() throws Exception {
 *   TezClient client = TezClient.create("my-test", CLUSTER.tezConfiguration());
 *   ...
 * }
 * }</pre>
 *
 * <p>Sizes are small on purpose (AM 512 MB, tasks 256 MB) so that several containers fit on a 2-core
 * machine. The AM and tasks run with the test JVM's class path, so processors, schedulers and
 * initializers in the module under test are found without packaging a jar. Everything the cluster
 * writes, container logs included, stays under {@code target/<cluster name>/}.
 */
public final class TezTestCluster implements BeforeAllCallback, AfterAllCallback {

  /**
   * JDK 17 closes the JDK internals Hadoop and Tez reflect into; the AM and task JVMs need the same
   * opens as the test JVM: {@code jdk17.opens} of build/jvm.properties, the project's one list.
   */
  public static final String JDK17_OPENS = jvmFact("jdk17.opens");

  private final String name;
  private final int nodeManagers;
  private final int nodeMemoryMb;
  private final int nodeVcores;
  private final int amMemoryMb;
  private final int taskMemoryMb;
  private final Map<String, String> extraConf;

  private MiniTezCluster cluster;
  private Path workDir;

  private TezTestCluster(Builder b) {
    this.name = b.name;
    this.nodeManagers = b.nodeManagers;
    this.nodeMemoryMb = b.nodeMemoryMb;
    this.nodeVcores = b.nodeVcores;
    this.amMemoryMb = b.amMemoryMb;
    this.taskMemoryMb = b.taskMemoryMb;
    this.extraConf = new TreeMap<>(b.extraConf);
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    start(name != null ? name : context.getRequiredTestClass().getSimpleName());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  /** Starts the cluster; {@link #beforeAll} calls this, tests outside JUnit may call it directly. */
  public void start(String clusterName) throws IOException {
    if (cluster != null) {
      throw new IllegalStateException("cluster " + clusterName + " is already running");
    }
    YarnConfiguration yarnConf = new YarnConfiguration();
    yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, nodeMemoryMb);
    yarnConf.setInt(YarnConfiguration.NM_VCORES, nodeVcores);
    yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
    yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, nodeMemoryMb);
    // A 2-core machine under test load looks "unhealthy" to the NM disk checker otherwise.
    yarnConf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.5f);
    extraConf.forEach(yarnConf::set);

    MiniTezCluster mini = new MiniTezCluster(clusterName, nodeManagers, 1, 1);
    mini.init(yarnConf);
    mini.start();
    cluster = mini;
    workDir = mini.getTestWorkDir().toPath().toAbsolutePath();
  }

  /** Stops the cluster and every application still running on it. Safe to call twice. */
  public void stop() {
    if (cluster != null) {
      try {
        cluster.stop();
      } finally {
        cluster = null;
      }
    }
  }

  /**
   * A new configuration for a {@code TezClient} against this cluster: the cluster's addresses, a
   * staging directory of its own, small AM and task containers, and the JDK 17 launch options.
   * Callers may change the copy freely.
   */
  public TezConfiguration tezConfiguration() {
    requireRunning();
    TezConfiguration conf = new TezConfiguration(cluster.getConfig());
    conf.set(TezConfiguration.TEZ_AM_STAGING_DIR, workDir.resolve("staging").toUri().toString());
    conf.setInt(TezConfiguration.TEZ_AM_RESOURCE_MEMORY_MB, amMemoryMb);
    conf.setInt(TezConfiguration.TEZ_TASK_RESOURCE_MEMORY_MB, taskMemoryMb);
    conf.set(TezConfiguration.TEZ_AM_LAUNCH_CMD_OPTS, "-XX:+UseSerialGC " + JDK17_OPENS);
    conf.set(TezConfiguration.TEZ_TASK_LAUNCH_CMD_OPTS, "-XX:+UseSerialGC " + JDK17_OPENS);
    // The AM web UI's Guice fails on JDK 17; nothing in a test reads it.
    conf.setBoolean(TezConfiguration.TEZ_AM_WEBSERVICE_ENABLE, false);
    // Fit the sort buffer into a 256 MB task.
    conf.setInt("tez.runtime.io.sort.mb", 32);
    extraConf.forEach(conf::set);
    return conf;
  }

  /** The YARN side, for tests that inspect nodes, applications or the RM directly. */
  public MiniTezCluster yarnCluster() {
    requireRunning();
    return cluster;
  }

  /** Where this cluster keeps its files and container logs: {@code target/<cluster name>}. */
  public Path workDir() {
    requireRunning();
    return workDir;
  }

  /** A fresh, empty directory under this cluster's work directory, for a test's input or output. */
  public Path newDirectory(String purpose) {
    requireRunning();
    Objects.requireNonNull(purpose, "purpose");
    try {
      return Files.createTempDirectory(Files.createDirectories(workDir.resolve("data")), purpose + "-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a directory under " + workDir, e);
    }
  }

  public int nodeManagers() {
    return nodeManagers;
  }

  private void requireRunning() {
    if (cluster == null) {
      throw new IllegalStateException("the Tez test cluster is not running: register it with "
          + "@RegisterExtension on a static field, or call start() first");
    }
  }

  /** Cluster shape and container sizes; the defaults suit a 2-core, 24 GB machine. */
  private static String jvmFact(String key) {
    Properties facts = new Properties();
    try (InputStream in = TezTestCluster.class.getResourceAsStream("jvm.properties")) {
      if (in == null) {
        throw new IllegalStateException("jvm.properties (build/jvm.properties) is missing from the test kit's jar");
      }
      facts.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String value = facts.getProperty(key);
    if (value == null) {
      throw new IllegalStateException("build/jvm.properties has no " + key);
    }
    return value;
  }

  public static final class Builder {
    private String name;
    private int nodeManagers = 2;
    private int nodeMemoryMb = 4096;
    private int nodeVcores = 8;
    private int amMemoryMb = 512;
    private int taskMemoryMb = 256;
    private final Map<String, String> extraConf = new TreeMap<>();

    private Builder() {
    }

    /** Directory name under {@code target/}; the test class's simple name by default. */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder nodeManagers(int count) {
      this.nodeManagers = positive("nodeManagers", count);
      return this;
    }

    public Builder nodeMemoryMb(int mb) {
      this.nodeMemoryMb = positive("nodeMemoryMb", mb);
      return this;
    }

    public Builder nodeVcores(int vcores) {
      this.nodeVcores = positive("nodeVcores", vcores);
      return this;
    }

    public Builder amMemoryMb(int mb) {
      this.amMemoryMb = positive("amMemoryMb", mb);
      return this;
    }

    public Builder taskMemoryMb(int mb) {
      this.taskMemoryMb = positive("taskMemoryMb", mb);
      return this;
    }

    /** A key set both on the YARN cluster and on every {@link #tezConfiguration()}. */
    public Builder set(String key, String value) {
      extraConf.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, key));
      return this;
    }

    public TezTestCluster build() {
      if (amMemoryMb > nodeMemoryMb || taskMemoryMb > nodeMemoryMb) {
        throw new IllegalArgumentException("AM (" + amMemoryMb + " MB) and task (" + taskMemoryMb
            + " MB) containers must fit on a node of " + nodeMemoryMb + " MB");
      }
      return new TezTestCluster(this);
    }

    private static int positive(String what, int value) {
      if (value <= 0) {
        throw new IllegalArgumentException(what + " must be positive, was " + value);
      }
      return value;
    }
  }
}
