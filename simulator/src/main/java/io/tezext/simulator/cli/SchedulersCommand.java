package io.tezext.simulator.cli;

import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.scheduler.SchedulerKind;

/** Lists the schedulers {@code --scheduler} accepts. */
@Command(name = "schedulers", description = "List the schedulers --scheduler accepts.")
final class SchedulersCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    for (SchedulerKind k : SchedulerKind.values()) {
      spec.commandLine().getOut().printf(Locale.ROOT, "%-12s %s%n", k.cliName(), k.description());
    }
    spec.commandLine().getOut().println();
    spec.commandLine().getOut().println("Add Tez settings in parentheses: "
        + "'dagaware(tez.am.container.reuse.enabled=false;tez.am.container.reuse.locality.delay-allocation-millis=1000)'");
    return 0;
  }
}
