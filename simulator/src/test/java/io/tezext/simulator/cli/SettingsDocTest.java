package io.tezext.simulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The docs' table of scenario settings is the one the declarations print: a new setting cannot go undocumented. */
class SettingsDocTest {
  static final String START = "<!-- settings: bin/tezext-sim settings --markdown -->\n";
  static final String END = "<!-- end of settings -->";

  @Test
  void theDocsListEverySettingAsDeclared() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "simulator.md"));
    int start = doc.indexOf(START);
    int end = doc.indexOf(END);
    assertThat(start).as("docs/simulator.md has the settings table markers").isNotNegative();
    assertThat(doc.substring(start + START.length(), end))
        .as("docs/simulator.md's settings table; paste the output of bin/tezext-sim settings --markdown")
        .isEqualTo(SettingsCommand.markdownTable());
  }
}
