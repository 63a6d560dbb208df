package io.tezext.simulator.workload.tezhistory;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads a counter of Tez's DAGCounter group from a history record's counters. */
final class DagCounters {
  private static final String GROUP = "org.apache.tez.common.counters.DAGCounter";

  private DagCounters() {
  }

  static long value(JsonNode otherInfo, String counter) {
    JsonNode groups = otherInfo.path("counters").path("counterGroups");
    for (JsonNode g : groups) {
      if (GROUP.equals(g.path("counterGroupName").asText())) {
        for (JsonNode c : g.path("counters")) {
          if (counter.equals(c.path("counterName").asText())) {
            return c.path("counterValue").asLong();
          }
        }
      }
    }
    return 0;
  }
}
