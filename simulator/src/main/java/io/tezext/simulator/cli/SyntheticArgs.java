package io.tezext.simulator.cli;

import java.util.Arrays;
import java.util.List;

import picocli.CommandLine.Option;

import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

/** Options of the synthetic workload generator (docs/simulator-workloads.md). */
final class SyntheticArgs {
  private static final SyntheticOptions D = SyntheticOptions.DEFAULTS;

  @Option(names = "--dags", description = "Synthetic: number of DAGs (default ${DEFAULT-VALUE}).")
  int dags = D.dags();

  @Option(names = "--inter-arrival-ms", description = "Synthetic: mean time between arrivals (default ${DEFAULT-VALUE}).")
  long meanInterArrivalMs = D.meanInterArrivalMs();

  @Option(names = "--min-root-tasks", description = "Synthetic: fewest tasks of a scan (default ${DEFAULT-VALUE}).")
  int minRootTasks = D.minRootTasks();

  @Option(names = "--max-root-tasks", description = "Synthetic: most tasks of a scan (default ${DEFAULT-VALUE}).")
  int maxRootTasks = D.maxRootTasks();

  @Option(names = "--median-task-ms", description = "Synthetic: median task duration (default ${DEFAULT-VALUE}).")
  long medianTaskMs = D.medianTaskMs();

  @Option(names = "--duration-sigma", description = "Synthetic: lognormal skew of task durations (default ${DEFAULT-VALUE}).")
  double durationSigma = D.durationSigma();

  @Option(names = "--object-store-fraction",
      description = "Synthetic: share of scans reading object storage (default ${DEFAULT-VALUE}).")
  double objectStoreFraction = D.objectStoreFraction();

  @Option(names = "--sessions", description = "Synthetic: Hive sessions, 0 = an AM per DAG (default ${DEFAULT-VALUE}).")
  int sessions = D.sessions();

  @Option(names = "--queues", split = ",", description = "Synthetic: queues, round-robin (default default).")
  String[] queues = D.queues().toArray(new String[0]);

  SyntheticOptions options() {
    return new SyntheticOptions(dags, meanInterArrivalMs, D.shapeWeights(), minRootTasks, maxRootTasks, medianTaskMs,
        durationSigma, objectStoreFraction, sessions, List.copyOf(Arrays.asList(queues)));
  }

  Workload generate(List<String> hosts, long seed) {
    return SyntheticWorkloads.generate(options(), hosts, seed);
  }
}
