package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.CachedDNSToSwitchMapping;

import io.tezext.simulator.cluster.Topology;

/**
 * Host-to-rack resolution for the simulated cluster, installed in each run's own copy of YARN's
 * static {@code RackResolver} (see {@link RunClassLoader}), which Tez's schedulers resolve racks
 * through. RackResolver builds it by reflection and hands it its configuration, which carries the
 * topology. It extends the cached mapping only so that RackResolver does not wrap it in another cache.
 */
public final class SimulatedRackMapping extends CachedDNSToSwitchMapping {
  /** Configuration key holding {@link Topology#encode()}. */
  public static final String TOPOLOGY_KEY = "tezext.simulator.topology";

  private Topology topology = new Topology(Map.of());

  public SimulatedRackMapping() {
    super(null);
  }

  @Override
  public void setConf(Configuration conf) {
    super.setConf(conf);
    if (conf != null) {
      topology = Topology.decode(conf.get(TOPOLOGY_KEY));
    }
  }

  @Override
  public List<String> resolve(List<String> names) {
    List<String> racks = new ArrayList<>(names.size());
    for (String name : names) {
      racks.add(topology.rackOf(name));
    }
    return racks;
  }

  @Override
  public void reloadCachedMappings() {
  }

  @Override
  public void reloadCachedMappings(List<String> names) {
  }
}
