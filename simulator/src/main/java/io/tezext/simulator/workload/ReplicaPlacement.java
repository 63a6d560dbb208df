package io.tezext.simulator.workload;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded HDFS-like block placement for traces that record no data locations: each block gets three
 * distinct hosts chosen uniformly, so the same hosts and seed always give the same placement.
 */
public final class ReplicaPlacement {
  /** HDFS's default {@code dfs.replication}. */
  public static final int REPLICAS = 3;

  private final List<String> hosts;
  private final SplittableRandom random;

  public ReplicaPlacement(List<String> hosts, long seed) {
    this(hosts, new SplittableRandom(seed));
  }

  /** Draws from {@code random}, for a generator that shares one seeded source across its choices. */
  public ReplicaPlacement(List<String> hosts, SplittableRandom random) {
    if (hosts.size() < REPLICAS) {
      throw new IllegalArgumentException("placing " + REPLICAS + " replicas needs at least " + REPLICAS
          + " hosts, the cluster has " + hosts.size());
    }
    this.hosts = List.copyOf(hosts);
    this.random = random;
  }

  /** The hosts of the next block's replicas. */
  public List<String> nextBlock() {
    int n = hosts.size();
    int a = random.nextInt(n);
    int b = (a + 1 + random.nextInt(n - 1)) % n;
    int c;
    do {
      c = random.nextInt(n);
    } while (c == a || c == b);
    return List.of(hosts.get(a), hosts.get(b), hosts.get(c));
  }
}
