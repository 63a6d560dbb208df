package io.tezext.simulator.scheduler;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The schedulers the simulator can run, by the name used on the command line: each names the class
 * the simulator drives ({@link SchedulerClass}). Adding one is one constant here and, if it needs
 * one, one adapter class.
 *
 * <p>Tez's {@code YarnTaskSchedulerService} is deliberately absent: it reads the wall clock
 * directly and runs its own delay thread, so it cannot be driven honestly in virtual time.
 */
public enum SchedulerKind {
  DAGAWARE("dagaware", "Tez 0.10.5 DagAwareYarnTaskScheduler (Tez's default; the baseline)",
      "org.apache.tez.dag.app.rm.VirtualTimeDagAwareScheduler"),
  TEZEXT("tezext", "tezext's TezextTaskScheduler: automatic locality, locality-aware reuse, least-work-lost "
      + "preemption (docs/scheduler.md)", "io.tezext.scheduler.tez.TezextTaskScheduler");

  private final String cliName;
  private final String description;
  private final String className;

  SchedulerKind(String cliName, String description, String className) {
    this.cliName = cliName;
    this.description = description;
    this.className = className;
  }

  public String cliName() {
    return cliName;
  }

  public String description() {
    return description;
  }

  /** The class the simulator loads for each run (named, so that only a run's own loader loads it). */
  public String className() {
    return className;
  }

  /** The names {@code --scheduler} takes, for help texts. */
  public static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(values()).map(SchedulerKind::cliName).iterator();
    }
  }

  /** Looks a scheduler up by its command-line name, case-insensitively. */
  public static SchedulerKind fromCliName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    for (SchedulerKind k : values()) {
      if (k.cliName.equals(wanted)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown scheduler '" + name + "'; known schedulers: "
        + Arrays.stream(values()).map(SchedulerKind::cliName).collect(Collectors.joining(", "))
        + ", or class:<fully qualified class name>");
  }
}
