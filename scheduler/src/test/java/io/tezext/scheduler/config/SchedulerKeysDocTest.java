package io.tezext.scheduler.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.tezext.testkit.KeyTables;

/** docs/scheduler.md's table of keys is the one the registry prints: a new key cannot go undocumented. */
class SchedulerKeysDocTest {
  @Test
  void theDocsListEveryKeyAsDeclared() {
    assertThat(KeyTables.documented("scheduler.md", SchedulerKeys.KEYS))
        .as("docs/scheduler.md's keys table; paste SchedulerKeys.KEYS.markdownTable()")
        .isEqualTo(SchedulerKeys.KEYS.markdownTable());
  }
}
