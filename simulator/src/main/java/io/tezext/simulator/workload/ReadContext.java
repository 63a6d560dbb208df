package io.tezext.simulator.workload;

import java.util.List;
import java.util.Objects;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.BadRecords;
import io.tezext.simulator.io.HeapEstimate;

/**
 * What a trace reader may use besides the trace: the cluster the workload will be replayed on (to
 * scale container sizes, to synthesize data locations), the run's seed, what to do with a record
 * it cannot use or would change, and the heap the workload must fit.
 */
public record ReadContext(ClusterSpec cluster, long seed, BadRecords badRecords, HeapEstimate heap) {
  public ReadContext {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(badRecords, "badRecords");
    Objects.requireNonNull(heap, "heap");
  }

  /** Reading into this JVM's heap. */
  public ReadContext(ClusterSpec cluster, long seed, BadRecords badRecords) {
    this(cluster, seed, badRecords, HeapEstimate.ofThisJvm());
  }

  /** With {@code skipBad}, unusable records are listed in {@code skipped}; without, the first fails the read. */
  public ReadContext(ClusterSpec cluster, long seed, boolean skipBad, List<String> skipped) {
    this(cluster, seed, new BadRecords(skipBad, skipped));
  }

  public void skipOrThrow(BadRecordException bad) {
    badRecords.skipOrThrow(bad);
  }

  /** A repair, default or drop: an error with {@code --strict}, otherwise counted in the notes by the caller. */
  public void changed(String located) {
    badRecords.changed(located);
  }
}
