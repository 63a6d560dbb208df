package io.tezext.simulator.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import io.tezext.simulator.scheduler.SchedulerClasses;

/**
 * The version of the Tez scheduler classes a run loads: what {@code tez-dag}'s version file says,
 * read through the class loader the runs' scheduler classes come from. A sweep records it in every
 * result and refuses results from another version than its own (on a cluster, a task's class path
 * could hold the cluster's Tez instead of the simulator's).
 */
public final class TezVersion {
  static final String RESOURCE = "tez-dag-version-info.properties";

  private TezVersion() {
  }

  /** The version this JVM's runs load, or {@code unknown}. */
  public static String ofSchedulers() {
    ClassLoader loader = SchedulerClasses.class.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
