package io.tezext.simulator.sweep.tez;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.tez.dag.api.TezConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.tezext.simulator.cli.TezextSim;
import io.tezext.simulator.report.html.HeadlessChromium;
import io.tezext.simulator.sweep.SweepFiles;
import io.tezext.testkit.TezTestCluster;

/**
 * {@code sweep --on tez} on a real Tez-on-YARN cluster: the grid's points run in grid-slice tasks
 * that get the simulator only from the jar the sweep ships as a local resource (this test's class
 * path, which MiniTezCluster hands the containers, is given to them without it), one slice's first
 * attempt fails half-way, and every point's result is the same bytes as {@code --on local}'s. The
 * report is then rendered in headless Chromium.
 */
class SweepOnTezIT {
  @RegisterExtension
  static final TezTestCluster CLUSTER = TezTestCluster.builder().taskMemoryMb(384).build();

  @Test
  void aSweepOnTezGivesTheLocalResultsForEveryGridPointDespiteAFailedAttempt() throws Exception {
    Path dir = CLUSTER.newDirectory("sweep");
    Path grid = Files.writeString(dir.resolve("grid.json"), "{\"scenarios\": [\""
        + Path.of("scenarios/reference.json").toAbsolutePath() + "\"],\n"
        + "\"workloads\": [{\"name\": \"small\", \"synthetic\": {\"dags\": 8, \"maxRootTasks\": 40, "
        + "\"interArrivalMs\": 3000}}],\n"
        + "\"schedulers\": [{\"scheduler\": \"dagaware\", \"vary\": {\"tez.am.container.reuse.enabled\": [true, false]}},\n"
        + "  {\"scheduler\": \"tezext\", \"vary\": {\"tezext.scheduler.locality.mode\": [\"auto\", \"strict\"]}}],\n"
        + "\"seeds\": [1, 2, 3], \"objective\": \"dag-mean\"}");

    StringWriter localConsole = new StringWriter();
    assertThat(TezextSim.execute(new String[] {"sweep", "--grid", grid.toString(), "--out",
        dir.resolve("local").toString(), "--threads", "2"}, new PrintWriter(localConsole), new PrintWriter(localConsole)))
        .as(localConsole.toString()).isZero();

    Path conf = clusterConfigurationWithoutTheSimulator(dir);
    StringWriter tezConsole = new StringWriter();
    int code = TezextSim.execute(new String[] {"sweep", "--grid", grid.toString(), "--out", dir.resolve("tez").toString(),
        "--on", "tez", "--conf", conf.toString(), "--work-dir", dir.resolve("work").toUri().toString(),
        "--slices", "4", "--test-fail-slice", "1"}, new PrintWriter(tezConsole), new PrintWriter(tezConsole));
    String console = tezConsole.toString();
    Files.writeString(Path.of("target", "sweep-on-tez-it.txt"), console);

    assertThat(code).as(console).isZero();
    List<String> local = Files.readAllLines(dir.resolve("local").resolve(SweepFiles.POINTS_LINES));
    List<String> onTez = Files.readAllLines(dir.resolve("tez").resolve(SweepFiles.POINTS_LINES));
    assertThat(local.stream().filter(l -> l.contains("\"phase\":\"tune\""))).hasSize(15);
    assertThat(onTez).as("every grid point's result, byte for byte").containsExactlyElementsOf(local);
    assertThat(Files.readString(dir.resolve("tez").resolve(SweepFiles.RECOMMENDATION_JSON)))
        .isEqualTo(Files.readString(dir.resolve("local").resolve(SweepFiles.RECOMMENDATION_JSON)));
    assertThat(console).contains("tez: 15/15 grid points done").contains("tune [15/15] s04-c0-w0-seed3")
        .contains("4 of 4 grid-slice tasks loaded the simulator from the jar the sweep shipped");
    Matcher failed = Pattern.compile("task attempts launched, (\\d+) failed").matcher(console);
    assertThat(failed.find()).as(console).isTrue();
    assertThat(Integer.parseInt(failed.group(1))).as("the slice whose first attempt failed half-way").isEqualTo(1);
    assertThat(dir.resolve("work")).as("the uploaded jar and inputs are removed").isEmptyDirectory();

    Path report = dir.resolve("tez").resolve("report.html");
    HeadlessChromium chromium = HeadlessChromium.installedOrInstall();
    String dom = chromium.dumpDom(report);
    chromium.screenshot(report, Path.of("target", "sweep-report-screenshot.png"), 1280, 3000);
    Matcher drawn = Pattern.compile("data-charts-drawn=\"(\\d+)\"").matcher(dom);
    assertThat(drawn.find()).as("the page's script ran").isTrue();
    assertThat(Integer.parseInt(drawn.group(1))).as("a chart per swept key and the seed chart").isEqualTo(3);
    assertThat(dom).contains("tezext simulator sweep", "Recommendation", "The objective against each swept key",
        "Best vs baseline", "tez.am.container.reuse.enabled", "tezext.scheduler.locality.mode");
  }

  /**
   * The cluster's configuration for the sweep's client, with a class path for the AM and tasks that
   * holds nothing of what the sweep ships: the simulator can only come from its jar.
   */
  private static Path clusterConfigurationWithoutTheSimulator(Path dir) throws Exception {
    List<Path> shipped = SweepJar.shippedEntries();
    assertThat(shipped).as("the simulator's classes").anyMatch(p -> p.toString().contains("simulator"));
    TezConfiguration conf = CLUSTER.tezConfiguration();
    List<String> kept = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    for (String entry : conf.getStrings(YarnConfiguration.YARN_APPLICATION_CLASSPATH)) {
      for (String part : entry.split(java.io.File.pathSeparator)) {
        (shipped.contains(Path.of(part).toAbsolutePath().normalize()) ? dropped : kept).add(part);
      }
    }
    assertThat(dropped).as("left out of the containers' class path").hasSameSizeAs(shipped);
    conf.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, String.join(",", kept));
    Path file = dir.resolve("cluster-site.xml");
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
    return file;
  }
}
