package io.tezext.simulator.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.YarnSettings;
import io.tezext.simulator.settings.Setting;
import io.tezext.simulator.settings.SettingsSection;

/** Lists the scenario file's {@code yarn} and {@code tez} settings, from their declarations. */
@Command(name = "settings", mixinStandardHelpOptions = true,
    description = "List the scenario file's yarn and tez settings: default, accepted values, meaning.")
final class SettingsCommand implements Callable<Integer> {
  static final List<SettingsSection> SECTIONS = List.of(YarnSettings.SECTION, AmSettings.SECTION);

  @Spec
  CommandSpec spec;

  @Option(names = "--markdown", description = "As the Markdown table in docs/simulator.md.")
  boolean markdown;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (markdown) {
      out.print(markdownTable());
      out.flush();
      return 0;
    }
    for (SettingsSection section : SECTIONS) {
      for (Setting<?> s : section.settings()) {
        out.printf(Locale.ROOT, "%-34s default %-6s %s%n    %s%n", s.path(), s.defaultText(), "(" + s.accepts() + ")",
            s.doc());
      }
    }
    return 0;
  }

  /** The settings table of docs/simulator.md. */
  static String markdownTable() {
    StringBuilder table = new StringBuilder("| setting | default | accepts | meaning |\n|---|---|---|---|\n");
    for (SettingsSection section : SECTIONS) {
      for (Setting<?> s : section.settings()) {
        table.append("| `").append(s.path()).append("` | ").append(s.defaultText()).append(" | ")
            .append(s.accepts()).append(" | ").append(s.doc().replace("|", "\\|")).append(" |\n");
      }
    }
    return table.toString();
  }
}
