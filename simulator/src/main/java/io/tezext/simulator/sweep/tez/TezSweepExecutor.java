package io.tezext.simulator.sweep.tez;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.URL;
import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.DAGCounter;
import org.apache.tez.common.counters.TezCounter;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.Edge;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.TezException;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.dag.api.client.DAGClient;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;
import org.apache.tez.runtime.library.conf.UnorderedPartitionedKVEdgeConfig;
import org.apache.tez.runtime.library.partitioner.HashPartitioner;

import io.tezext.simulator.run.RunStoppedException;
import io.tezext.simulator.run.StopSignal;
import io.tezext.simulator.sweep.GridPoint;
import io.tezext.simulator.sweep.GridWorkload;
import io.tezext.simulator.sweep.PointResult;
import io.tezext.simulator.sweep.SweepExecutor;
import io.tezext.simulator.sweep.SweepInputs;
import io.tezext.simulator.sweep.SweepProgress;

/**
 * Runs grid points as a Tez DAG on the cluster of the user's configuration, through {@code TezClient}
 * (one session for the sweep's phases): a vertex of grid-slice tasks ({@link GridSliceProcessor})
 * sends each point's result over an unordered edge to one aggregating task
 * ({@link GridAggregateProcessor}), which keeps one result per point and writes them to the
 * cluster's file system. The simulator ({@link SweepJar}) and the scenario and workload files reach
 * the tasks as Tez local resources the client uploads to a work directory there; nothing is
 * installed on the nodes. Progress comes from the DAG's counters.
 */
public final class TezSweepExecutor implements SweepExecutor {
  /** Grid points per slice task by default, and the most slices. */
  static final int POINTS_PER_SLICE = 4;
  static final int MAX_SLICES = 200;

  private final TezConfiguration conf;
  private final String workDirOption;
  private final int slices;
  private final int failSlice;
  private final StopSignal stop;
  private TezClient client;
  private FileSystem fs;
  private Path workDir;
  private Map<String, LocalResource> resources;
  private SweepInputs shipped;
  private int dags;

  /**
   * @param workDir where on the cluster's file system to stage, or null for {@code ~/.tezext-sweep/}
   * @param slices grid-slice tasks, 0 for one per {@value #POINTS_PER_SLICE} points
   * @param failSlice test only: the slice whose first attempt fails after its first point, or -1
   */
  public TezSweepExecutor(TezConfiguration conf, String workDir, int slices, int failSlice, StopSignal stop) {
    this.conf = conf;
    this.workDirOption = workDir;
    this.slices = slices;
    this.failSlice = failSlice;
    this.stop = stop;
  }

  /**
   * The user's configuration: Tez's and Hadoop's defaults and class-path files, then
   * {@code $HADOOP_CONF_DIR}'s {@code core-site.xml}, {@code hdfs-site.xml}, {@code yarn-site.xml} and
   * {@code $TEZ_CONF_DIR}'s {@code tez-site.xml} where they exist, then each of {@code files}.
   */
  public static TezConfiguration configuration(List<java.nio.file.Path> files) {
    TezConfiguration conf = new TezConfiguration(true);
    String hadoop = System.getenv("HADOOP_CONF_DIR");
    String tez = System.getenv("TEZ_CONF_DIR");
    List<java.nio.file.Path> found = new ArrayList<>();
    if (hadoop != null) {
      for (String f : List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml")) {
        found.add(java.nio.file.Path.of(hadoop, f));
      }
    }
    if (tez != null) {
      found.add(java.nio.file.Path.of(tez, "tez-site.xml"));
    }
    for (java.nio.file.Path f : found) {
      if (Files.isRegularFile(f)) {
        conf.addResource(new Path(f.toUri()));
      }
    }
    for (java.nio.file.Path f : files) {
      if (!Files.isRegularFile(f)) {
        throw new IllegalArgumentException("--conf " + f + ": no such file");
      }
      conf.addResource(new Path(f.toAbsolutePath().toUri()));
    }
    return conf;
  }

  @Override
  public String describe() {
    return "tez, the cluster at " + conf.get("yarn.resourcemanager.address", "(yarn.resourcemanager.address unset)");
  }

  @Override
  public List<PointResult> run(SweepInputs inputs, List<GridPoint> points, SweepProgress progress) throws IOException {
    try {
      start(inputs, progress);
      return runDag(points, progress);
    } catch (TezException e) {
      throw new IOException("Tez refused the sweep's DAG: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RunStoppedException();
    }
  }

  /** Uploads the jar and the inputs, and starts the session, once per sweep. */
  private void start(SweepInputs inputs, SweepProgress progress) throws IOException, TezException, InterruptedException {
    if (client != null) {
      return;
    }
    fs = FileSystem.get(conf);
    Path base = workDirOption != null ? new Path(workDirOption) : new Path(fs.getHomeDirectory(), ".tezext-sweep");
    workDir = fs.makeQualified(new Path(base, "sweep-" + java.util.UUID.randomUUID()));
    fs.mkdirs(workDir);
    resources = new LinkedHashMap<>();
    java.nio.file.Path local = Files.createTempDirectory("tezext-sweep-");
    try {
      java.nio.file.Path jar = local.resolve(SweepJar.LINK_NAME);
      SweepJar.write(jar);
      upload(jar, SweepJar.LINK_NAME, LocalResourceType.FILE);
      List<java.nio.file.Path> scenarios = new ArrayList<>();
      for (int i = 0; i < inputs.scenarios().size(); i++) {
        String link = "scenario-" + i + "-" + inputs.scenarios().get(i).getFileName();
        upload(inputs.scenarios().get(i), link, LocalResourceType.FILE);
        scenarios.add(java.nio.file.Path.of(link));
      }
      List<GridWorkload> workloads = new ArrayList<>();
      for (int i = 0; i < inputs.workloads().size(); i++) {
        GridWorkload w = inputs.workloads().get(i);
        if (w.file() == null) {
          workloads.add(w);
          continue;
        }
        String link = "workload-" + i + "-" + w.file().getFileName();
        if (Files.isDirectory(w.file())) {
          java.nio.file.Path zip = local.resolve(link + ".zip");
          zip(w.file(), zip);
          upload(zip, link, LocalResourceType.ARCHIVE); // unpacked by the NodeManager into a directory named link
        } else {
          upload(w.file(), link, LocalResourceType.FILE);
        }
        workloads.add(w.at(java.nio.file.Path.of(link)));
      }
      shipped = new SweepInputs(scenarios, workloads, inputs.settings());
    } finally {
      try (Stream<java.nio.file.Path> files = Files.walk(local)) {
        for (java.nio.file.Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
    progress.status("uploaded the simulator and " + (resources.size() - 1) + " input files to " + workDir);
    client = TezClient.create("tezext-sim-sweep", conf, true);
    client.start();
    client.waitTillReady();
    progress.status("Tez session " + client.getAppMasterApplicationId() + " is ready");
  }

  private List<PointResult> runDag(List<GridPoint> points, SweepProgress progress)
      throws IOException, TezException, InterruptedException {
    int n = slices > 0 ? Math.min(slices, points.size())
        : Math.max(1, Math.min(MAX_SLICES, (points.size() + POINTS_PER_SLICE - 1) / POINTS_PER_SLICE));
    Path results = new Path(workDir, "results-" + (++dags) + ".jsonl");
    SliceSpec spec = new SliceSpec(shipped, points, n, results.toString(), failSlice);
    UserPayload payload = UserPayload.create(ByteBuffer.wrap(spec.toBytes()));
    // Tez names an edge's ends after the vertex at the other end: the processors' input and output names.
    Vertex slicesVertex = Vertex.create(GridAggregateProcessor.INPUT,
        ProcessorDescriptor.create(GridSliceProcessor.class.getName()).setUserPayload(payload), n);
    Vertex aggregate = Vertex.create(GridSliceProcessor.OUTPUT,
        ProcessorDescriptor.create(GridAggregateProcessor.class.getName()).setUserPayload(payload), 1);
    UnorderedPartitionedKVEdgeConfig edge = UnorderedPartitionedKVEdgeConfig
        .newBuilder(Text.class.getName(), Text.class.getName(), HashPartitioner.class.getName())
        .setFromConfiguration(conf)
        .setAdditionalConfiguration("tez.runtime.unordered.output.buffer.size-mb", "16")
        .build();
    DAG dag = DAG.create("tezext-sim-sweep-" + dags)
        .addVertex(slicesVertex)
        .addVertex(aggregate)
        .addEdge(Edge.create(slicesVertex, aggregate, edge.createDefaultEdgeProperty()))
        .addTaskLocalFiles(resources);
    dag.addURIsForCredentials(List.of(workDir.toUri()));
    progress.status(String.format(Locale.ROOT, "DAG %s: %d grid points in %d grid-slice tasks", dag.getName(),
        points.size(), n));
    DAGClient dagClient = client.submitDAG(dag);
    DAGStatus status;
    try {
      status = watch(dagClient, points.size(), progress);
    } finally {
      dagClient.close();
    }
    if (status.getState() != DAGStatus.State.SUCCEEDED) {
      throw new IllegalStateException("the sweep's DAG " + dag.getName() + " ended " + status.getState() + ": "
          + String.join("; ", status.getDiagnostics()));
    }
    TezCounters counters = status.getDAGCounters();
    long shippedJar = value(counters, GridSliceProcessor.FROM_SHIPPED_JAR);
    long elsewhere = value(counters, GridSliceProcessor.FROM_ELSEWHERE);
    progress.status(String.format(Locale.ROOT, "%d task attempts launched, %d failed; %d of %d grid-slice tasks loaded "
        + "the simulator from the jar the sweep shipped; the aggregator kept %d results and dropped %d duplicates",
        counters.findCounter(DAGCounter.TOTAL_LAUNCHED_TASKS).getValue(),
        counters.findCounter(DAGCounter.NUM_FAILED_TASKS).getValue(), shippedJar, shippedJar + elsewhere,
        value(counters, GridAggregateProcessor.RECEIVED) - value(counters, GridAggregateProcessor.DUPLICATES),
        value(counters, GridAggregateProcessor.DUPLICATES)));
    if (elsewhere > 0) {
      progress.status("warning: " + elsewhere + " grid-slice tasks loaded the simulator from the cluster's class path, "
          + "not from the jar the sweep shipped: another copy of it is installed there");
    }
    List<PointResult> read = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(results), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        read.add(PointResult.parse(line));
      }
    }
    List<PointResult> ordered = SweepExecutor.inOrder(points, read, "the sweep's DAG " + dag.getName());
    int done = 0;
    for (PointResult r : ordered) {
      progress.pointDone(r, ++done, ordered.size());
    }
    return ordered;
  }

  /** Waits for the DAG, telling of grid points done as its counters count them; kills it on a stop. */
  private DAGStatus watch(DAGClient dagClient, int total, SweepProgress progress)
      throws IOException, TezException, InterruptedException {
    EnumSet<StatusGetOpts> withCounters = EnumSet.of(StatusGetOpts.GET_COUNTERS);
    long told = -1;
    DAGStatus status = dagClient.getDAGStatus(withCounters);
    while (status == null || !status.isCompleted()) {
      if (stop.requested()) {
        dagClient.tryKillDAG();
        throw new RunStoppedException();
      }
      long done = status == null ? 0 : value(status.getDAGCounters(), GridSliceProcessor.POINTS_DONE);
      if (done != told) {
        progress.status(String.format(Locale.ROOT, "tez: %d/%d grid points done (%s)", Math.min(done, total), total,
            status == null ? "submitted" : status.getState().name().toLowerCase(Locale.ROOT)));
        told = done;
      }
      status = dagClient.getDAGStatus(withCounters, 1_000); // returns at a change, or after a second
    }
    long done = value(status.getDAGCounters(), GridSliceProcessor.POINTS_DONE);
    progress.status(String.format(Locale.ROOT, "tez: %d/%d grid points done (%s)", Math.min(done, total), total,
        status.getState().name().toLowerCase(Locale.ROOT)));
    return status;
  }

  private static long value(TezCounters counters, String name) {
    if (counters == null) {
      return 0;
    }
    TezCounter c = counters.getGroup(GridSliceProcessor.COUNTERS).findCounter(name, false);
    return c == null ? 0 : c.getValue();
  }

  private void upload(java.nio.file.Path local, String link, LocalResourceType type) throws IOException {
    Path remote = new Path(workDir, link + (type == LocalResourceType.ARCHIVE ? ".zip" : ""));
    fs.copyFromLocalFile(false, true, new Path(local.toAbsolutePath().toUri()), remote);
    FileStatus st = fs.getFileStatus(remote);
    resources.put(link, LocalResource.newInstance(URL.fromPath(st.getPath()), type, LocalResourceVisibility.APPLICATION,
        st.getLen(), st.getModificationTime()));
  }

  private static void zip(java.nio.file.Path dir, java.nio.file.Path zip) throws IOException {
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip));
        Stream<java.nio.file.Path> walk = Files.walk(dir)) {
      for (java.nio.file.Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
        out.putNextEntry(new ZipEntry(dir.relativize(f).toString().replace('\\', '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
  }

  /** Stops the session and removes what the sweep uploaded. */
  @Override
  public void close() throws IOException {
    try {
      if (client != null) {
        client.stop();
      }
    } catch (TezException e) {
      throw new IOException("cannot stop the sweep's Tez session: " + e.getMessage(), e);
    } finally {
      client = null;
      if (fs != null && workDir != null) {
        fs.delete(workDir, true);
      }
    }
  }
}
