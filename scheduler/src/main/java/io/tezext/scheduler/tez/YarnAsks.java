package io.tezext.scheduler.tez;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;

import io.tezext.scheduler.locality.LocalityLevel;
import io.tezext.scheduler.locality.LocalityPlan;
import io.tezext.scheduler.requests.PendingRequest;

/**
 * Builds the YARN ask for each waiting request. An AM asks for thousands of containers of a few
 * sizes at a few priorities, and a new YARN {@link Resource} or {@link Priority} is not cheap (the
 * first looks up the cluster's resource types, the second builds a protobuf record), so each size
 * and each priority is built once and shared by every ask, as Tez shares a vertex's across its
 * tasks. Used under the scheduler's lock.
 */
final class YarnAsks {
  /** Strict requests ask YARN with relaxLocality off; YARN forbids mixing that with others at one priority, so they get their own id. */
  static final long STRICT_REQUEST_ID = 1;

  private final Map<Size, Resource> capabilities = new HashMap<>();
  private final Map<Integer, Priority> priorities = new HashMap<>();

  private record Size(long memoryMb, int vcores) {
  }

  /**
   * The ask for {@code r}: when relaxed, the hosts its plan still names to YARN, if any; its nodes
   * and racks otherwise, with relaxLocality off when it never falls back to any node.
   */
  ContainerRequest of(PendingRequest r) {
    Resource capability = capabilities.computeIfAbsent(new Size(r.memoryMb, r.vcores),
        s -> Resource.newInstance(s.memoryMb(), s.vcores()));
    Priority priority = priorities.computeIfAbsent(r.priority, Priority::newInstance);
    LocalityPlan plan = r.plan();
    if (plan.isRelaxed()) {
      List<String> asked = plan.askedHosts();
      return new ContainerRequest(capability, asked.isEmpty() ? null : asked.toArray(new String[0]), null, priority);
    }
    String[] hosts = plan.hosts().toArray(new String[0]);
    if (plan.reaches(LocalityLevel.ANY)) {
      return new ContainerRequest(capability, hosts, null, priority);
    }
    return ContainerRequest.newBuilder().capability(capability).priority(priority).nodes(hosts)
        .racks(plan.racks().toArray(new String[0])).relaxLocality(false).allocationRequestId(STRICT_REQUEST_ID)
        .build();
  }
}
