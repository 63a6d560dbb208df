package io.tezext.simulator.am;

import java.util.Map;

import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.tez.common.ContainerSignatureMatcher;

/**
 * Which tasks can share a JVM. The vertices of a Hive query launch with the same jars and
 * environment, but Tez sets each task JVM's heap from its vertex's container size
 * ({@code tez.task.resource.memory.mb}, into the java options that are part of the launch
 * context), so a container can run another task only of the same size: the signature is the size.
 */
public enum JvmSignatureMatcher implements ContainerSignatureMatcher {
  INSTANCE;

  /** The launch context of a task in a container of {@code memoryMb}. */
  public static Object signatureOf(int memoryMb) {
    return "tez-task-jvm-" + memoryMb + "mb";
  }

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
