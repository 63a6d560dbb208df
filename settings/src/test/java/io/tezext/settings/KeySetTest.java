package io.tezext.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A module's keys: a misspelt key is refused with the key it meant, and the docs' table is printed. */
class KeySetTest {
  private static final Key<Integer> THREADS = Key.count("x.open-threads", Scope.TASK, 10, 1, 100, "threads");
  private static final Key<Boolean> SKIP = Key.flag("x.skip-bad-files", Scope.DAG, false, "skip them");
  private static final KeySet KEYS = new KeySet("x.", "the thing", "docs/thing.md", List.of(THREADS, SKIP));

  @Test
  void aMisspeltKeyIsRefusedNamingTheKeyItMeant() {
    Configuration conf = new Configuration(false);
    conf.set("x.open-thread", "4");
    assertThatThrownBy(() -> KEYS.validate(conf)).hasMessage("unknown key x.open-thread for the thing (did you "
        + "mean x.open-threads?); docs/thing.md lists the thing's keys");
  }

  @Test
  void everyProblemIsNamedAtOnceAndOtherPrefixesAreLeftAlone() {
    Configuration conf = new Configuration(false);
    conf.set("x.open-threads", "0");
    conf.set("x.nothing-like-it", "1");
    conf.set("y.open-threads", "banana");
    assertThatThrownBy(() -> KEYS.validate(conf)).hasMessage("unknown key x.nothing-like-it for the thing (its keys: "
        + "x.open-threads, x.skip-bad-files); x.open-threads = '0': expected a whole number from 1 to 100; "
        + "docs/thing.md lists the thing's keys");
    conf.unset("x.open-threads");
    conf.unset("x.nothing-like-it");
    KEYS.validate(conf);
  }

  @Test
  void aKeyOutsideThePrefixIsADeclarationError() {
    assertThatThrownBy(() -> new KeySet("y.", "other", "docs/other.md", List.of(THREADS)))
        .hasMessage("x.open-threads is not under y.");
  }

  @Test
  void theTableHasOneRowPerKeyInOrder() {
    assertThat(KEYS.markdownTable()).isEqualTo("""
        | key | scope | default | accepts | meaning |
        |---|---|---|---|---|
        | `x.open-threads` | task | 10 | a whole number from 1 to 100 | threads |
        | `x.skip-bad-files` | dag | false | true or false | skip them |
        """);
    assertThat(KEYS.find("x.skip-bad-files")).isSameAs(SKIP);
    assertThat(KEYS.find("x.skip")).isNull();
  }
}
