package io.tezext.simulator.cluster;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

import org.apache.hadoop.net.NetworkTopology;

/** Which rack each host of the simulated cluster is on. */
public record Topology(Map<String, String> racksByHost) {

  public Topology {
    racksByHost = Collections.unmodifiableMap(new HashMap<>(racksByHost)); // looked up on every placement
  }

  public static Topology of(ClusterSpec cluster) {
    Map<String, String> racks = new LinkedHashMap<>();
    for (NodeSpec n : cluster.nodes()) {
      racks.put(n.host(), n.rack());
    }
    return new Topology(racks);
  }

  /** The rack of a host; hosts the cluster does not have (trace hints) are on the default rack. */
  public String rackOf(String host) {
    return racksByHost.getOrDefault(host, NetworkTopology.DEFAULT_RACK);
  }

  /** As one configuration value: {@code host=rack,host=rack,...} in host order. */
  public String encode() {
    StringJoiner j = new StringJoiner(",");
    new TreeMap<>(racksByHost).forEach((host, rack) -> j.add(host + "=" + rack));
    return j.toString();
  }

  /** Reads what {@link #encode()} wrote. */
  public static Topology decode(String text) {
    Map<String, String> racks = new LinkedHashMap<>();
    if (text != null && !text.isEmpty()) {
      for (String entry : text.split(",")) {
        int eq = entry.indexOf('=');
        racks.put(entry.substring(0, eq), entry.substring(eq + 1));
      }
    }
    return new Topology(racks);
  }
}
