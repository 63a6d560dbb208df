package io.tezext.simulator.am;

import java.util.Map;

import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.tez.common.ContainerSignatureMatcher;

/**
 * Every task of a simulated AM launches with the same container context (same jars, environment
 * and JVM options), as the vertices of a Hive query do, so any held container can run any task.
 */
enum SameSignatureMatcher implements ContainerSignatureMatcher {
  INSTANCE;

  static final Object SIGNATURE = "tez-task-container";

  @Override
  public boolean isSuperSet(Object cs1, Object cs2) {
    return cs1.equals(cs2);
  }

  @Override
  public boolean isExactMatch(Object cs1, Object cs2) {
    return cs1.equals(cs2);
  }

  @Override
  public Map<String, LocalResource> getAdditionalResources(Map<String, LocalResource> lr1,
      Map<String, LocalResource> lr2) {
    return Map.of();
  }

  @Override
  public Object union(Object cs1, Object cs2) {
    return cs1;
  }
}
