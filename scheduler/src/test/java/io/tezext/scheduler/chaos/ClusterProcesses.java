package io.tezext.scheduler.chaos;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.apache.hadoop.yarn.api.records.ApplicationId;

/**
 * The operating system's processes of an application's containers on this machine's mini cluster,
 * found by the container directory every one of them names on its command line
 * ({@code container_<cluster timestamp>_<app>_<attempt>_<container>}): what the test kills, and what
 * must be gone once the session has closed.
 */
final class ClusterProcesses {
  private ClusterProcesses() {
  }

  /** Every live process of {@code app}'s containers: the launch shells and the JVMs. */
  static List<ProcessHandle> of(ApplicationId app) {
    String prefix = containerPrefix(app);
    return ProcessHandle.allProcesses()
        .filter(p -> p.pid() != ProcessHandle.current().pid())
        .filter(p -> p.info().commandLine().map(c -> c.contains(prefix)).orElse(false))
        .sorted(Comparator.comparingLong(ProcessHandle::pid))
        .toList();
  }

  /** The task JVMs of {@code app} running now, in the order of their containers. */
  static List<ProcessHandle> taskJvms(ApplicationId app) {
    return of(app).stream().filter(p -> commandLine(p).contains("org.apache.tez.runtime.task.TezChild"))
        .sorted(Comparator.comparing(ClusterProcesses::commandLine)).toList();
  }

  /** The JVM of {@code app}'s AM, if one runs. */
  static Optional<ProcessHandle> amJvm(ApplicationId app) {
    return of(app).stream().filter(p -> commandLine(p).contains("org.apache.tez.dag.app.DAGAppMaster")).findFirst();
  }

  /** The process's command line, shortened to its container for messages. */
  static String describe(ProcessHandle p) {
    java.util.regex.Matcher container = CONTAINER.matcher(commandLine(p));
    return "pid " + p.pid() + (container.find() ? " " + container.group() : "");
  }

  private static final java.util.regex.Pattern CONTAINER = java.util.regex.Pattern.compile("container_[0-9e_]+");

  private static String commandLine(ProcessHandle p) {
    return p.info().commandLine().orElse("");
  }

  private static String containerPrefix(ApplicationId app) {
    return "container_" + app.getClusterTimestamp() + "_" + String.format("%04d", app.getId()) + "_";
  }
}
