package io.tezext.simulator.scheduler;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.apache.tez.dag.app.rm.VirtualTimeDagAwareScheduler;

/**
 * The schedulers the simulator can run, by the name used on the command line. Adding one is one
 * constant here and, if it needs one, one adapter class.
 *
 * <p>Tez's {@code YarnTaskSchedulerService} is deliberately absent: it reads the wall clock
 * directly and runs its own delay thread, so it cannot be driven honestly in virtual time.
 */
public enum SchedulerKind {
  DAGAWARE("dagaware", "Tez 0.10.5 DagAwareYarnTaskScheduler (Tez's default; the baseline)",
      (context, clock, executor, client) -> {
        VirtualTimeDagAwareScheduler s = new VirtualTimeDagAwareScheduler(context, clock, executor, client);
        return new SchedulerFactory.Instance(s, s);
      });

  private final String cliName;
  private final String description;
  private final SchedulerFactory factory;

  SchedulerKind(String cliName, String description, SchedulerFactory factory) {
    this.cliName = cliName;
    this.description = description;
    this.factory = factory;
  }

  public String cliName() {
    return cliName;
  }

  public String description() {
    return description;
  }

  public SchedulerFactory factory() {
    return factory;
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
