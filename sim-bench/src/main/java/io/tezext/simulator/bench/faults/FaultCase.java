package io.tezext.simulator.bench.faults;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import io.tezext.scheduler.config.SchedulerKeys;
import io.tezext.scheduler.locality.LocalityMode;
import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.cluster.QueueSpec;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.run.Failures;
import io.tezext.simulator.run.Scenario;
import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.DagShape;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/**
 * One case of the scheduler fault campaign, drawn from its seed: a small cluster, a queue set-up,
 * DAG shapes, faults (lost nodes, failing containers, the RM preempting, headroom that lies) and
 * settings for each scheduler. The same seed always gives the same case, so a case that goes wrong
 * is replayed by its seed alone ({@code bench/run sched-faults --case SEED}).
 *
 * @param description the case in words, for the report of a case that went wrong
 */
public record FaultCase(long seed, String description, Scenario scenario, Workload workload, String dagaware,
    String tezext) {
  private static final String[] LOCALITY_MODES = localityModes();

  /** Draws the case of {@code seed}. */
  public static FaultCase draw(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> what = new ArrayList<>();

    int racks = 1 + random.nextInt(3);
    int nodesPerRack = 3 + random.nextInt(4);
    int nodeMemoryMb = pick(random, 8_192, 16_384, 32_768);
    YarnSettings yarn = YarnSettings.DEFAULTS;
    List<QueueSpec> queues;
    String queue = "default";
    int layout = random.nextInt(4);
    if (layout == 0) {
      queues = List.of(new QueueSpec("default", 100, 100));
    } else {
      // Our DAGs in a queue capped below the cluster: the AM must preempt its own work to make room.
      double cap = pick(random, 20, 40, 60);
      queues = List.of(new QueueSpec("tez", cap, layout == 1 ? cap : 100), new QueueSpec("other", 100 - cap, 100));
      queue = "tez";
      what.add(String.format(Locale.ROOT, "queue capped at %.0f%%%s", cap, layout == 1 ? "" : " (elastic to 100%)"));
      if (layout == 3) {
        yarn = yarn.with(YarnSettings.PREEMPTION, true);
        what.add("RM preemption");
      }
    }
    if (random.nextInt(4) == 0) {
      yarn = yarn.with(YarnSettings.HEADROOM_IGNORES_QUEUE_LIMIT, true);
      what.add("headroom ignores the queue limit");
    }
    ClusterSpec cluster = ClusterSpec.uniform(racks, nodesPerRack, nodeMemoryMb, 8, queues, yarn);
    what.add(0, String.format(Locale.ROOT, "%d x %d nodes of %d MB", racks, nodesPerRack, nodeMemoryMb));

    Map<DagShape, Double> shapes = new EnumMap<>(DagShape.class);
    for (DagShape shape : DagShape.values()) {
      if (random.nextInt(3) > 0) {
        shapes.put(shape, 1.0);
      }
    }
    if (shapes.isEmpty()) {
      shapes.put(DagShape.DEEP_JOIN, 1.0);
    }
    int dags = 3 + random.nextInt(8);
    int sessions = random.nextInt(3);
    double objectStore = random.nextInt(3) == 0 ? 0.5 : 0;
    SyntheticOptions options = new SyntheticOptions(dags, pick(random, 5_000, 30_000, 120_000), shapes, 2,
        pick(random, 20, 60, 150), pick(random, 2_000, 10_000, 30_000), 0.8, objectStore, sessions, List.of(queue));
    Workload workload = SyntheticWorkloads.generate(options, cluster.hosts(), seed);
    what.add(dags + " DAGs " + shapes.keySet() + (sessions == 0 ? ", an AM each" : " in " + sessions + " sessions"));

    double containerFailures = pickFraction(random, 0, 0, 0.02, 0.1);
    List<Failures.NodeLoss> losses = new ArrayList<>();
    int lost = random.nextInt(3) == 0 ? 1 + random.nextInt(Math.max(1, cluster.nodes().size() / 3)) : 0;
    List<String> hosts = new ArrayList<>(cluster.hosts());
    for (int i = 0; i < lost && hosts.size() > 1; i++) {
      losses.add(new Failures.NodeLoss(hosts.remove(random.nextInt(hosts.size())), random.nextInt(600_000)));
    }
    if (containerFailures > 0) {
      what.add(String.format(Locale.ROOT, "%.0f%% of containers fail", containerFailures * 100));
    }
    if (!losses.isEmpty()) {
      what.add(losses.size() + " node(s) lost");
    }
    Scenario scenario = new Scenario(cluster, AmSettings.DEFAULTS, new Failures(losses, containerFailures), seed,
        60_000);

    boolean reuse = random.nextInt(4) > 0;
    String dagaware = "dagaware(tez.am.container.reuse.enabled=" + reuse
        + (random.nextBoolean() ? ";tez.am.preemption.max.wait-time-ms=10000" : "") + ")";
    String mode = pickText(random, LOCALITY_MODES);
    String tezext = "tezext(" + SchedulerKeys.REUSE_ENABLED.name() + "=" + reuse + ";"
        + SchedulerKeys.LOCALITY_MODE.name() + "=" + mode
        + (random.nextBoolean() ? ";tezext.scheduler.preemption.max-wait-ms=10000" : "") + ")";
    what.add("reuse " + (reuse ? "on" : "off") + ", tezext locality " + mode);
    return new FaultCase(seed, String.join("; ", what), scenario, workload, dagaware, tezext);
  }

  /** Every locality mode, the default twice (what most DAGs run with), then the others as declared. */
  private static String[] localityModes() {
    List<String> modes = new ArrayList<>();
    LocalityMode shipped = SchedulerKeys.LOCALITY_MODE.defaultValue();
    modes.add(shipped.configName());
    modes.add(shipped.configName());
    for (LocalityMode m : LocalityMode.values()) {
      if (m != shipped) {
        modes.add(m.configName());
      }
    }
    return modes.toArray(new String[0]);
  }

  private static String pickText(SplittableRandom random, String... choices) {
    return choices[random.nextInt(choices.length)];
  }

  private static int pick(SplittableRandom random, int... choices) {
    return choices[random.nextInt(choices.length)];
  }

  private static double pickFraction(SplittableRandom random, double... choices) {
    return choices[random.nextInt(choices.length)];
  }
}
