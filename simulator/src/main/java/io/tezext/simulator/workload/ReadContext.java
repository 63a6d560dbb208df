package io.tezext.simulator.workload;

import java.util.List;
import java.util.Objects;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.io.BadRecordException;
import io.tezext.simulator.io.BadRecords;

/**
 * What a trace reader may use besides the trace: the cluster the workload will be replayed on (to
 * scale container sizes, to synthesize data locations), the run's seed, and what to do with a record
 * it cannot use.
 */
public record ReadContext(ClusterSpec cluster, long seed, BadRecords badRecords) {
  public ReadContext {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(badRecords, "badRecords");
  }

  /** With {@code skipBad}, unusable records are listed in {@code skipped}; without, the first fails the read. */
  public ReadContext(ClusterSpec cluster, long seed, boolean skipBad, List<String> skipped) {
    this(cluster, seed, new BadRecords(skipBad, skipped));
  }

  public void skipOrThrow(BadRecordException bad) {
    badRecords.skipOrThrow(bad);
  }
}
