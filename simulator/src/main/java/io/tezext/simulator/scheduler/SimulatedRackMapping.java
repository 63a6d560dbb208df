package io.tezext.simulator.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.CachedDNSToSwitchMapping;
import org.apache.hadoop.net.DNSToSwitchMapping;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.yarn.util.RackResolver;

/**
 * Host-to-rack resolution for the simulated cluster. Tez's schedulers resolve racks through YARN's
 * static {@link RackResolver}, so the simulator installs this mapping there once per JVM and sets
 * the current cluster's topology before each run. It extends the cached mapping only so that
 * RackResolver does not wrap it in a cache that would outlive one cluster.
 */
public final class SimulatedRackMapping extends CachedDNSToSwitchMapping {
  private static final Map<String, String> RACKS = new ConcurrentHashMap<>();

  public SimulatedRackMapping() {
    super(null);
  }

  /** Makes {@code racksByHost} the topology every scheduler sees from now on. */
  public static synchronized void install(Map<String, String> racksByHost) {
    RACKS.clear();
    RACKS.putAll(racksByHost);
    Configuration conf = new Configuration(false);
    conf.setClass("net.topology.node.switch.mapping.impl", SimulatedRackMapping.class, DNSToSwitchMapping.class);
    RackResolver.init(conf);
    String probeHost = racksByHost.keySet().iterator().next();
    String resolved = RackResolver.resolve(probeHost).getNetworkLocation();
    if (!resolved.equals(racksByHost.get(probeHost))) {
      throw new IllegalStateException("YARN's RackResolver was initialized before the simulator could install "
          + "its topology (it resolves " + probeHost + " to " + resolved + "); run the simulator in its own JVM");
    }
  }

  /** The rack of a host; hosts the cluster does not have (trace hints) are on the default rack. */
  public static String rackOf(String host) {
    return RACKS.getOrDefault(host, NetworkTopology.DEFAULT_RACK);
  }

  @Override
  public List<String> resolve(List<String> names) {
    List<String> racks = new ArrayList<>(names.size());
    for (String name : names) {
      racks.add(rackOf(name));
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
