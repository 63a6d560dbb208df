package io.tezext.schedreal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.ApplicationId;

import io.tezext.testkit.TezTestCluster;

/**
 * What a real CapacityScheduler tells a Tez AM on a contended cluster: a run of DagAware logging the
 * RM's answers ({@link SchedulerUnderTest#DAG_AWARE_PROBED}) beside the competing application, with
 * the cluster's free resources sampled meanwhile, so each reported headroom can be set against them.
 *
 * @param cluster which cluster (its vcores per node and resource calculator)
 * @param resourceTypes the scheduling resource types the AM registered with
 * @param samples heartbeats whose answer changed
 * @param vcoreHeadroom how often each vcore headroom was reported, by value
 * @param memoryHeadroomMin the least memory headroom reported (MB)
 * @param memoryHeadroomMax the most
 * @param equalToClusterFree reports whose memory and vcores both equal the cluster's free resources
 *     sampled just before (within 100 ms)
 * @param minClusterFreeVcores the least free vcores the RM's root queue showed (negative: overcommitted)
 */
record HeadroomProbe(String cluster, String resourceTypes, int samples, Map<Integer, Integer> vcoreHeadroom,
    long memoryHeadroomMin, long memoryHeadroomMax, int equalToClusterFree, int minClusterFreeVcores) {

  /** Runs {@code dags} with the probed scheduler on {@code tez}, recorded as run {@code runId}. */
  static HeadroomProbe run(String cluster, TezTestCluster tez, Path runsDir, String runId, List<DagShape> dags)
      throws Exception {
    RunManifest run;
    HeadroomLog log;
    int equal = 0;
    int minFreeVcores;
    try (ClusterFreeSampler free = new ClusterFreeSampler(tez)) {
      run = new RealRun(tez, runsDir).run(runId, SchedulerUnderTest.DAG_AWARE_PROBED, Map.of(), -1, 0, dags);
      log = HeadroomLog.parse(tez.amLog(ApplicationId.fromString(run.session().appId())));
      for (HeadroomLog.Sample s : log.samples()) {
        ClusterFreeSampler.Free f = free.at(s.timeMs());
        if (f != null && s.timeMs() - f.timeMs() <= 100 && f.memoryMb() == s.memoryMb() && f.vcores() == s.vcores()) {
          equal++;
        }
      }
      minFreeVcores = free.minFreeVcores();
    }
    return new HeadroomProbe(cluster, log.resourceTypes(), log.samples().size(), log.vcoreValues(), log.minMemoryMb(),
        log.maxMemoryMb(), equal, minFreeVcores);
  }

  String describe() {
    return String.format(java.util.Locale.ROOT, "%s: resource types %s; %d headroom reports, memory %d..%d MB, "
        + "vcores reported (value=times) %s; %d of them equal to the cluster's free memory and vcores sampled "
        + "within 100 ms before; the cluster's free vcores went down to %d", cluster, resourceTypes, samples,
        memoryHeadroomMin, memoryHeadroomMax, vcoreHeadroom, equalToClusterFree, minClusterFreeVcores);
  }
}
