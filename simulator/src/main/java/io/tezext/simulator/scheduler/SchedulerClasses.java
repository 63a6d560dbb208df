package io.tezext.simulator.scheduler;

import java.util.HashMap;
import java.util.Map;

import io.tezext.simulator.cluster.Topology;

/**
 * The scheduler classes runs on one cluster load, each through a {@link RunClassLoader} of its own
 * that these runs share: runs of one command then share the JIT's compiled scheduler code, so that
 * after one warm-up none of them is charged for compiling it, while no state crosses from one run
 * to another (the loader's rack table is this cluster's, its hash sequence restarts with each run).
 * A run that is given none gets its own.
 */
public final class SchedulerClasses {
  private final Topology topology;
  private final Map<String, Loaded> loaded = new HashMap<>();

  public SchedulerClasses(Topology topology) {
    this.topology = topology;
  }

  public Topology topology() {
    return topology;
  }

  /**
   * The factory of {@code className}'s schedulers for a run about to start on this thread: the
   * class, loaded once, and this thread's hash sequence restarted.
   */
  public synchronized SchedulerFactory startRun(String className) {
    Loaded l = loaded.computeIfAbsent(className, c -> {
      RunClassLoader loader = new RunClassLoader(c, topology);
      return new Loaded(loader, SchedulerClass.factory(c, loader));
    });
    l.loader.restartHashSequence();
    return l.factory;
  }

  private record Loaded(RunClassLoader loader, SchedulerFactory factory) {
  }
}
