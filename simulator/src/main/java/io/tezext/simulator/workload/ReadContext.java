package io.tezext.simulator.workload;

import java.util.List;
import java.util.Objects;

import io.tezext.simulator.cluster.ClusterSpec;
import io.tezext.simulator.io.BadRecordException;

/**
 * What a trace reader may use besides the trace: the cluster the workload will be replayed on (to
 * scale container sizes, to synthesize data locations), the run's seed, and what to do with a record
 * it cannot use — fail, or with {@code --skip-bad} append the reason to {@code skipped} and go on.
 */
public record ReadContext(ClusterSpec cluster, long seed, boolean skipBad, List<String> skipped) {
  public ReadContext {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(skipped, "skipped");
  }

  /** Fails the read on {@code bad}, or records it when skipping bad records. */
  public void skipOrThrow(BadRecordException bad) {
    if (!skipBad) {
      throw bad;
    }
    skipped.add(bad.getMessage());
  }
}
