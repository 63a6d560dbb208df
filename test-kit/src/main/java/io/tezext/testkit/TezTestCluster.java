package io.tezext.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.net.TableMapping;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.tez.client.TezClient;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.TezException;
import org.apache.tez.dag.api.client.DAGClient;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;
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
 * writes, container logs included, stays under {@code target/}; {@link #amLog} reads an AM's logs
 * back, and {@link #runDag} runs a DAG with a deadline. {@link WordCountDag} is a small DAG with two
 * shuffles whose counters say whether every record arrived.
 *
 * <p>A contended cluster, as production runs Hive: YARN's CapacityScheduler with two queues that may
 * each grow to the whole cluster, the RM's preemption monitor with YARN's defaults, and NodeManagers
 * with host names of their own on two racks, so that location hints and rack choices are real (the
 * test JVM needs {@code -Djdk.net.hosts.file=...}: see {@link NodeHosts}):
 *
 * <pre>{@code
 * @RegisterExtension
 * static final TezTestCluster CLUSTER = TezTestCluster.builder()
 *     .hostPerNode("/rack-1", "/rack-1", "/rack-2", "/rack-2")
 *     .nodeMemoryMb(1024)
 *     .queue(CapacityQueue.elastic("session", 50))
 *     .queue(CapacityQueue.elastic("batch", 50))
 *     .rmPreemption(RmPreemption.YARN_DEFAULTS)
 *     .build();
 *
 * TezConfiguration conf = CLUSTER.tezConfiguration(); // submits to "session", the first queue
 * conf.set(TezConfiguration.TEZ_QUEUE_NAME, "batch");  // or another
 * List<String> hosts = CLUSTER.nodeHosts().hosts();   // nm-1.tezext.test, ... for location hints
 * }</pre>
 */
public final class TezTestCluster implements BeforeAllCallback, AfterAllCallback {

  /**
   * JDK 17 closes the JDK internals Hadoop and Tez reflect into; the AM and task JVMs need the same
   * opens as the test JVM: {@code jdk17.opens} of build/jvm.properties, the project's one list.
   */
  public static final String JDK17_OPENS = jvmFact("jdk17.opens");
  /** What Hive's code needs opened on top (build/jvm.properties' {@code hive.opens}). */
  public static final String HIVE_OPENS = jvmFact("hive.opens");

  /** The container's number within its attempt: the low 40 bits of YARN's container id (the epoch above). */
  private static final long CONTAINER_NUMBER_MASK = (1L << 40) - 1;

  private final String name;
  private final int nodeManagers;
  private final int nodeMemoryMb;
  private final int nodeVcores;
  private final int amMemoryMb;
  private final int taskMemoryMb;
  private final Map<String, String> extraConf;
  private final List<CapacityQueue> queues;
  private final RmPreemption rmPreemption;
  private final boolean dominantResources;
  private final NodeHosts nodeHosts;

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
    this.queues = List.copyOf(b.queues);
    this.rmPreemption = b.rmPreemption;
    this.dominantResources = b.dominantResources;
    this.nodeHosts = b.nodeHosts;
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
    // MiniYARNCluster overwrites each NodeManager's memory with its own key's value (4 GB by default).
    yarnConf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, nodeMemoryMb);
    yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, nodeMemoryMb);
    yarnConf.setInt(YarnConfiguration.NM_VCORES, nodeVcores);
    yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
    yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, nodeMemoryMb);
    // A 2-core machine under test load looks "unhealthy" to the NM disk checker otherwise.
    yarnConf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.5f);
    // Stop quickly: NodeManagers kill what is left at once instead of waiting for it to exit.
    yarnConf.setLong(YarnConfiguration.NM_SLEEP_DELAY_BEFORE_SIGKILL_MS, 0);
    yarnConf.setLong(YarnConfiguration.NM_PROCESS_KILL_WAIT_MS, 100);
    capacityScheduler(yarnConf);
    if (nodeHosts != null || NodeHosts.jvmHasHostsFile()) {
      // A JVM given a hosts file resolves nothing else, whether or not this cluster names its nodes.
      (nodeHosts != null ? nodeHosts : NodeHosts.NONE).writeHostsFile(NodeHosts.hostsFileOfThisJvm());
    }
    MiniTezCluster mini;
    if (nodeHosts != null) {
      nodeHosts.checkBindable();
      mini = new HostPerNodeMiniTezCluster(clusterName, nodeHosts);
      Path topology = mini.getTestWorkDir().toPath().toAbsolutePath().resolve("topology.txt");
      nodeHosts.writeTopologyTable(topology);
      yarnConf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY, TableMapping.class.getName());
      yarnConf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_TABLE_MAPPING_FILE_KEY, topology.toString());
    } else {
      mini = new MiniTezCluster(clusterName, nodeManagers, 1, 1);
    }
    extraConf.forEach(yarnConf::set);
    mini.init(yarnConf);
    mini.start();
    cluster = mini;
    workDir = mini.getTestWorkDir().toPath().toAbsolutePath();
  }

  /** YARN's CapacityScheduler with this cluster's queues, resource calculator and preemption monitor. */
  private void capacityScheduler(YarnConfiguration yarnConf) {
    String prefix = "yarn.scheduler.capacity.";
    if (!queues.isEmpty()) {
      yarnConf.set(YarnConfiguration.RM_SCHEDULER,
          "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler");
      yarnConf.set(prefix + "root.queues", String.join(",", queues.stream().map(CapacityQueue::name).toList()));
      for (CapacityQueue q : queues) {
        String queue = prefix + "root." + q.name() + ".";
        yarnConf.setInt(queue + "capacity", q.capacityPercent());
        yarnConf.setInt(queue + "maximum-capacity", q.maxCapacityPercent());
        yarnConf.setFloat(queue + "user-limit-factor", q.userLimitFactor());
      }
    }
    if (dominantResources) {
      yarnConf.set(prefix + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
    }
    if (rmPreemption != null) {
      rmPreemption.applyTo(yarnConf);
    }
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
    String hostsFile = !NodeHosts.jvmHasHostsFile() ? ""
        : " -D" + NodeHosts.HOSTS_FILE_PROPERTY + "=" + NodeHosts.hostsFileOfThisJvm();
    conf.set(TezConfiguration.TEZ_AM_LAUNCH_CMD_OPTS, "-XX:+UseSerialGC " + JDK17_OPENS + hostsFile);
    conf.set(TezConfiguration.TEZ_TASK_LAUNCH_CMD_OPTS, "-XX:+UseSerialGC " + JDK17_OPENS + hostsFile);
    if (!queues.isEmpty()) {
      conf.set(TezConfiguration.TEZ_QUEUE_NAME, queues.get(0).name());
    }
    // The AM web UI's Guice fails on JDK 17; nothing in a test reads it.
    conf.setBoolean(TezConfiguration.TEZ_AM_WEBSERVICE_ENABLE, false);
    // A finished AM exits at once instead of lingering (5 s by default) before it unregisters.
    conf.setLong(TezConfiguration.TEZ_AM_SLEEP_TIME_BEFORE_EXIT_MILLIS, 0);
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

  /**
   * Submits {@code dag} to a started client and waits for it to finish, at most {@code deadline}:
   * its final status, with counters. A DAG still running at the deadline is killed and the wait
   * fails with its last status, so that a scheduler that never places a task fails the test instead
   * of hanging the build.
   */
  @SuppressForbidden("a deadline on a real cluster's DAG, in real time")
  public static DAGStatus runDag(TezClient client, DAG dag, Duration deadline)
      throws IOException, TezException, InterruptedException {
    // Counters only once the DAG is over: Tez 0.10.5 adds a task attempt's locality counter
    // (DATA_LOCAL_TASKS, ...) to the counters of the first call that asks for them, and an attempt
    // asked while it runs loses it when its next status report replaces them.
    EnumSet<StatusGetOpts> noCounters = EnumSet.noneOf(StatusGetOpts.class);
    DAGClient dagClient = client.submitDAG(dag);
    try {
      long giveUpAt = System.nanoTime() + deadline.toNanos();
      DAGStatus status = dagClient.getDAGStatus(noCounters);
      while (status == null || !status.isCompleted()) {
        if (System.nanoTime() - giveUpAt > 0) {
          dagClient.tryKillDAG();
          throw new AssertionError("DAG " + dag.getName() + " did not finish within " + deadline.toSeconds()
              + " s and was killed; its last status: " + status);
        }
        status = dagClient.getDAGStatus(noCounters, 1_000);
      }
      return dagClient.getDAGStatus(EnumSet.of(StatusGetOpts.GET_COUNTERS));
    } finally {
      dagClient.close();
    }
  }

  /**
   * Everything the AM of {@code app} has logged so far ({@code syslog}, {@code syslog_dag_*},
   * {@code stderr}, ...), every attempt's AM container in turn, each file under a {@code ==> path <==}
   * header: what {@code yarn logs -applicationId app -am ALL} shows on a real cluster. Empty if no
   * NodeManager has launched an AM for it.
   */
  public String amLog(ApplicationId app) {
    requireRunning();
    Objects.requireNonNull(app, "app");
    StringBuilder log = new StringBuilder();
    for (Path file : amLogFiles(app)) {
      try { // bytes, decoded leniently: the AM may be half-way through a line
        log.append("==> ").append(workDir.relativize(file)).append(" <==\n")
            .append(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).append('\n');
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the AM log " + file, e);
      }
    }
    return log.toString();
  }

  /** The AM containers' log files: {@code <nm log dir>/<app>/<container 1 of each attempt>/*}, in path order. */
  private List<Path> amLogFiles(ApplicationId app) {
    try (Stream<Path> files = Files.find(workDir, 6, (path, attrs) -> attrs.isRegularFile()
        && path.getNameCount() >= 4
        && path.getParent().getParent().getParent().getFileName().toString().contains("-logDir-nm-")
        && path.getParent().getParent().getFileName().toString().equals(app.toString())
        && isAmContainer(path.getParent().getFileName().toString()))) {
      return files.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the container logs under " + workDir, e);
    }
  }

  /** Whether a container directory's name is the first container of an attempt: the one YARN runs the AM in. */
  private static boolean isAmContainer(String name) {
    if (!name.startsWith("container_")) {
      return false;
    }
    try {
      return (ContainerId.fromString(name).getContainerId() & CONTAINER_NUMBER_MASK) == 1;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  public int nodeManagers() {
    return nodeHosts != null ? nodeHosts.hosts().size() : nodeManagers;
  }

  /** The NodeManagers' own host names and racks; only for a cluster built with {@link Builder#hostPerNode}. */
  public NodeHosts nodeHosts() {
    if (nodeHosts == null) {
      throw new IllegalStateException("this cluster's NodeManagers share one host name: build it with hostPerNode(...)");
    }
    return nodeHosts;
  }

  /** The CapacityScheduler's queues under root, as built; empty for YARN's single {@code default} queue. */
  public List<CapacityQueue> queues() {
    return queues;
  }

  /** The RM's preemption monitor's settings, if it runs. */
  public Optional<RmPreemption> rmPreemption() {
    return Optional.ofNullable(rmPreemption);
  }

  /** Whether the CapacityScheduler weighs vcores as well as memory (its DominantResourceCalculator). */
  public boolean dominantResources() {
    return dominantResources;
  }

  public int amMemoryMb() {
    return amMemoryMb;
  }

  public int taskMemoryMb() {
    return taskMemoryMb;
  }

  public int nodeMemoryMb() {
    return nodeMemoryMb;
  }

  public int nodeVcores() {
    return nodeVcores;
  }

  /**
   * Waits, at most a minute, for an application to end: a Tez AM writes its last history records on
   * its way out, after its client has stopped it.
   */
  @SuppressForbidden("waits in real time for a real AM to exit")
  public void awaitExit(ApplicationId app) throws IOException, InterruptedException {
    requireRunning();
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(cluster.getConfig());
      yarn.start();
      for (int i = 0; i < 120; i++) {
        YarnApplicationState state;
        try {
          state = yarn.getApplicationReport(app).getYarnApplicationState();
        } catch (org.apache.hadoop.yarn.exceptions.YarnException e) {
          throw new IOException("no report of " + app, e);
        }
        if (EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED)
            .contains(state)) {
          return;
        }
        Thread.sleep(500);
      }
    }
    throw new IllegalStateException("the application " + app + " did not end within a minute");
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
    private final List<CapacityQueue> queues = new ArrayList<>();
    private RmPreemption rmPreemption;
    private boolean dominantResources;
    private NodeHosts nodeHosts;

    private Builder() {
    }

    /**
     * Adds a CapacityScheduler queue under {@code root} (instead of YARN's one {@code default} queue);
     * the queues' capacities must add up to 100. Clients of {@link #tezConfiguration()} submit to the
     * first queue unless they set {@code tez.queue.name}.
     */
    public Builder queue(CapacityQueue queue) {
      Objects.requireNonNull(queue, "queue");
      if (queues.stream().anyMatch(q -> q.name().equals(queue.name()))) {
        throw new IllegalArgumentException("queue " + queue.name() + " is given twice");
      }
      queues.add(queue);
      return this;
    }

    /** Runs the RM's preemption monitor (off in YARN unless enabled) with these settings. */
    public Builder rmPreemption(RmPreemption settings) {
      this.rmPreemption = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * The CapacityScheduler weighs vcores as well as memory (DominantResourceCalculator); by default
     * it schedules by memory alone and tells AMs so.
     */
    public Builder dominantResources() {
      this.dominantResources = true;
      return this;
    }

    /**
     * Gives each NodeManager a host name and loopback address of its own ({@link NodeHosts}), node
     * {@code i} on {@code rackPerNode[i]}: as many NodeManagers as racks given (name a rack again for
     * several nodes on it). The test JVM must be started with {@code -Djdk.net.hosts.file=FILE}.
     */
    public Builder hostPerNode(String... rackPerNode) {
      if (rackPerNode.length == 0) {
        throw new IllegalArgumentException("name each node's rack (" + NodeHosts.DEFAULT_RACK + " for none)");
      }
      this.nodeHosts = NodeHosts.onRacks(List.of(rackPerNode));
      this.nodeManagers = rackPerNode.length;
      return this;
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
      if (nodeHosts != null && nodeHosts.racks().size() != nodeManagers) {
        throw new IllegalArgumentException(nodeManagers + " NodeManagers but " + nodeHosts.racks().size()
            + " racks given in hostPerNode: give one rack per node");
      }
      int total = queues.stream().mapToInt(CapacityQueue::capacityPercent).sum();
      if (!queues.isEmpty() && total != 100) {
        throw new IllegalArgumentException("the queues' capacities add up to " + total + "%, not 100%: " + queues);
      }
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
