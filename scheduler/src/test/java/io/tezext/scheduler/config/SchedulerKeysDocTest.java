package io.tezext.scheduler.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** docs/scheduler.md's table of keys is the one the registry prints: a new key cannot go undocumented. */
class SchedulerKeysDocTest {
  static final String START = "<!-- keys: SchedulerKeys.markdownTable() -->\n";
  static final String END = "<!-- end of keys -->";

  @Test
  void theDocsListEveryKeyAsDeclared() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "scheduler.md"));
    int start = doc.indexOf(START);
    int end = doc.indexOf(END);
    assertThat(start).as("docs/scheduler.md has the keys table markers").isNotNegative();
    assertThat(doc.substring(start + START.length(), end))
        .as("docs/scheduler.md's keys table; paste SchedulerKeys.markdownTable()")
        .isEqualTo(SchedulerKeys.markdownTable());
  }
}
