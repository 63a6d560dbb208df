package io.tezext.simulator.scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.DNSToSwitchMapping;

import io.tezext.simulator.cluster.Topology;

/**
 * The class loader runs load a scheduler through, so that runs share no state and replay byte for
 * byte, serially or in parallel.
 *
 * <p>It defines its own copies of the scheduler's classes, of YARN's {@code RackResolver} (a static
 * host-to-rack table, here resolving this run's cluster) and of {@link HashSequence}; everything else
 * comes from the parent. Tez's classes whose instances would hash by identity get a sequence-based
 * hash on the way in ({@link SequenceHashes}): Tez's {@code DagAwareYarnTaskScheduler} picks among
 * idle containers by iterating hash sets of its own objects, and JVM identity hashes differ from run
 * to run (they depend on how many threads the JVM created), so without this its choices would too.
 * Runs on one cluster may share a loader ({@link SchedulerClasses}): its rack table is that cluster's,
 * and its hash sequence is per thread, restarted by each run.
 */
final class RunClassLoader extends ClassLoader {
  static {
    registerAsParallelCapable();
  }

  private static final String RACK_RESOLVER = "org.apache.hadoop.yarn.util.RackResolver";
  /** Packages and classes each run owns a copy of (prefixes of binary names). */
  private static final List<String> OWN = List.of(
      "org.apache.tez.dag.app.rm.", // Tez's schedulers, and the simulator's adapter in their package
      "io.tezext.scheduler.", // ours
      RACK_RESOLVER,
      HashSequence.class.getName());
  /** Of the classes above, those whose identity hashes are replaced. */
  private static final String INSTRUMENTED = "org.apache.tez.";

  private final String extraPackage;

  /**
   * @param schedulerClass the scheduler to load; a class outside the packages above brings its own
   *     package into this loader too
   */
  RunClassLoader(String schedulerClass, Topology topology) {
    super("tezext-run", RunClassLoader.class.getClassLoader());
    int dot = schedulerClass.lastIndexOf('.');
    this.extraPackage = dot < 0 ? schedulerClass : schedulerClass.substring(0, dot + 1);
    installTopology(topology);
  }

  private boolean owns(String name) {
    if (name.startsWith(extraPackage)) {
      return true;
    }
    for (String prefix : OWN) {
      if (name.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!owns(name)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        c = defineOwn(name);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  private Class<?> defineOwn(String name) throws ClassNotFoundException {
    byte[] bytes;
    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
      if (in == null) {
        throw new ClassNotFoundException(name);
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new ClassNotFoundException(name, e);
    }
    if (name.startsWith(INSTRUMENTED)) {
      bytes = SequenceHashes.rewrite(bytes, this::hashesByIdentity);
    }
    return defineClass(name, bytes, 0, bytes.length);
  }

  /** True if instances of the named class (internal name) hash and compare as Object does. */
  private boolean hashesByIdentity(String internalName) {
    try {
      Class<?> c = loadClass(internalName.replace('/', '.'));
      return c.getMethod("hashCode").getDeclaringClass() == Object.class
          && c.getMethod("equals", Object.class).getDeclaringClass() == Object.class;
    } catch (ClassNotFoundException | NoSuchMethodException e) {
      throw new IllegalStateException("cannot inspect " + internalName + " while loading a scheduler", e);
    }
  }

  /** Restarts the calling thread's sequence of hashes in this loader's copy of {@link HashSequence}. */
  void restartHashSequence() {
    try {
      loadClass(HashSequence.class.getName()).getMethod("restart").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot restart the hash sequence of a scheduler's class loader", e);
    }
  }

  /** Points this loader's RackResolver at the simulated cluster. */
  private void installTopology(Topology topology) {
    Configuration conf = new Configuration(false);
    conf.setClass("net.topology.node.switch.mapping.impl", SimulatedRackMapping.class, DNSToSwitchMapping.class);
    conf.set(SimulatedRackMapping.TOPOLOGY_KEY, topology.encode());
    try {
      loadClass(RACK_RESOLVER).getMethod("init", Configuration.class).invoke(null, conf);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot install the simulated topology in YARN's RackResolver", e);
    }
  }
}
