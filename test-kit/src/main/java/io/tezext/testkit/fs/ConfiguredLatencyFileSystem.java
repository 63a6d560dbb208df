package io.tezext.testkit.fs;

import java.io.IOException;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;

/**
 * The {@link LatencyFileSystem} with its latency taken from the configuration ({@value #FIXED_MS}:
 * every request costs that many milliseconds), for JVMs a test does not run code in: a Tez AM and
 * its tasks, which get the configuration of the DAG (a Hive session's settings, say). Name it as
 * {@code fs.latency.impl}; each authority's model is set once per JVM, when the first instance for
 * it starts.
 */
public class ConfiguredLatencyFileSystem extends LatencyFileSystem {
  public static final String FIXED_MS = "fs.latency.fixed-ms";
  private static final Set<String> CONFIGURED = ConcurrentHashMap.newKeySet();

  /** The settings that make {@code latency://} paths cost {@code ms} a request wherever they are read. */
  public static void configure(Configuration conf, long ms) {
    conf.set("fs." + SCHEME + ".impl", ConfiguredLatencyFileSystem.class.getName());
    conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
    conf.setLong(FIXED_MS, ms);
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    long ms = conf.getLong(FIXED_MS, -1);
    if (ms >= 0 && CONFIGURED.add(name.getAuthority())) {
      LatencyFileSystem.configure(new Configuration(false), name.getAuthority(), LatencyModel.fixed(ms));
    }
    super.initialize(name, conf);
  }
}
