package io.tezext.schedreal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;

import org.apache.hadoop.yarn.api.records.ContainerExitStatus;

import io.tezext.simulator.workload.tezhistory.HistoryInput;
import io.tezext.simulator.workload.tezhistory.ProtoHistoryFiles;

/**
 * What one application's Tez proto history says about its containers and task attempts: attempts
 * killed by the AM's own scheduler (termination cause {@code INTERNAL_PREEMPTION}) and by the RM
 * ({@code EXTERNAL_PREEMPTION}: their container ended with exit status PREEMPTED), containers
 * launched and those the RM preempted, how many attempts each container ran, and on which hosts.
 *
 * @param attempts task attempts started
 * @param amPreemptedAttempts attempts the AM's scheduler preempted to run others
 * @param rmPreemptedAttempts attempts whose container the RM preempted
 * @param containersLaunched containers the AM launched
 * @param containersRmPreempted containers that ended with exit status PREEMPTED
 * @param containersRunningTasks containers that ran at least one attempt
 * @param attemptsPerHost attempts started per NodeManager host
 */
record HistoryFigures(int attempts, int amPreemptedAttempts, int rmPreemptedAttempts, int containersLaunched,
    int containersRmPreempted, int containersRunningTasks, Map<String, Integer> attemptsPerHost) {

  /** Attempts per container that ran any: 1 without reuse. */
  double tasksPerContainer() {
    return containersRunningTasks == 0 ? 0 : (double) attempts / containersRunningTasks;
  }

  /** Reads {@code dir}, one application's proto history; a record it cannot read fails. */
  static HistoryFigures read(Path dir) throws IOException {
    Set<String> started = new HashSet<>();
    Map<String, String> causes = new HashMap<>();
    Set<String> containersWithTasks = new HashSet<>();
    Set<String> launched = new HashSet<>();
    Set<String> preempted = new HashSet<>();
    Map<String, Integer> perHost = new TreeMap<>();
    List<String> unreadable = new ArrayList<>();
    new ProtoHistoryFiles(dir).read(new HistoryInput.Sink() {
      @Override
      public void entity(JsonNode entity, String where) {
        String id = entity.path("entity").asText();
        JsonNode info = entity.path("otherinfo");
        for (JsonNode event : entity.path("events")) {
          switch (event.path("eventtype").asText()) {
            case "TASK_ATTEMPT_STARTED" -> {
              // Tez also records a start for an attempt killed before it had a container: not one that ran.
              String container = info.path("containerId").asText("");
              if (!container.isEmpty() && !container.equals("null") && started.add(id)) {
                String node = info.path("nodeId").asText();
                perHost.merge(node.substring(0, node.lastIndexOf(':')), 1, Integer::sum);
                containersWithTasks.add(info.path("containerId").asText());
              }
            }
            case "TASK_ATTEMPT_FINISHED" -> causes.put(id, info.path("taskAttemptErrorEnum").asText(""));
            case "CONTAINER_LAUNCHED" -> launched.add(info.path("containerId").asText());
            case "CONTAINER_STOPPED" -> {
              if (info.path("exitStatus").asInt() == ContainerExitStatus.PREEMPTED) {
                preempted.add(info.path("containerId").asText());
              }
            }
            default -> { }
          }
        }
      }

      @Override
      public void unreadable(String where, String why) {
        unreadable.add(where + ": " + why);
      }

      @Override
      public void empty(String file) {
        // an application that wrote nothing more: its figures are what it wrote before
      }
    });
    if (!unreadable.isEmpty()) {
      throw new IOException("unreadable history under " + dir + ": " + unreadable);
    }
    int am = (int) causes.values().stream().filter("INTERNAL_PREEMPTION"::equals).count();
    int rm = (int) causes.values().stream().filter("EXTERNAL_PREEMPTION"::equals).count();
    return new HistoryFigures(started.size(), am, rm, launched.size(), preempted.size(), containersWithTasks.size(),
        perHost);
  }
}
