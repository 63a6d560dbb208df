package io.tezext.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A key is read only where it takes effect, and a value set where it cannot take effect is named. */
class ScopedSettingsTest {
  private static final Key<Long> WAIT = Key.millis("x.wait-ms", Scope.AM, 30_000, 0, 60_000, "wait");
  private static final Key<Boolean> SKIP = Key.flag("x.skip-bad-files", Scope.DAG, false, "skip them");
  private static final Key<Integer> THREADS = Key.count("x.threads", Scope.TASK, 10, 1, 100, "threads");
  private static final KeySet KEYS = new KeySet("x.", "the thing", "docs/thing.md", List.of(WAIT, SKIP, THREADS));

  @Test
  void aKeyIsReadAtItsOwnScope() {
    Configuration conf = new Configuration(false);
    conf.set("x.skip-bad-files", "TRUE");
    ScopedSettings dag = KEYS.readAt(Scope.DAG, conf);

    assertThat(dag.get(SKIP)).isTrue();
    assertThat(dag.isSet(SKIP)).isTrue();
    assertThat(KEYS.readAt(Scope.TASK, conf).get(THREADS)).isEqualTo(10);
  }

  @Test
  void readingAKeyOfAnotherScopeIsAProgrammingError() {
    ScopedSettings dag = KEYS.readAt(Scope.DAG, new Configuration(false));

    assertThatThrownBy(() -> dag.get(WAIT)).isInstanceOf(IllegalStateException.class)
        .hasMessage("x.wait-ms is an AM-scope key: it is not read from the DAG's configuration");
    Key<Boolean> stranger = Key.flag("x.skip-bad-files", Scope.DAG, false, "another declaration of the name");
    assertThatThrownBy(() -> dag.get(stranger)).hasMessage("x.skip-bad-files is not one of the thing's keys");
  }

  @Test
  void readingValidatesTheWholeConfigurationFirst() {
    Configuration conf = new Configuration(false);
    conf.set("x.threads", "0");
    assertThatThrownBy(() -> KEYS.readAt(Scope.DAG, conf))
        .hasMessage("x.threads = '0': expected a whole number from 1 to 100");
  }

  @Test
  void aValueSetTooLateToBeReadIsNamedWithWhereItTakesEffect() {
    Configuration am = new Configuration(false);
    am.set("x.wait-ms", "20000");
    Configuration dag = new Configuration(am);
    dag.set("x.wait-ms", "5000");
    dag.set("x.skip-bad-files", "true");

    assertThat(KEYS.tooLate(Scope.DAG, am, dag)).containsExactly("x.wait-ms = 5000 in the DAG's configuration has "
        + "no effect: an AM-scope key, read when the session's AM started (this AM runs with 20000); it takes "
        + "effect when a session starts with it (tez-site.xml, or the session's configuration before it starts)");
    assertThat(KEYS.tooLate(Scope.TASK, dag, dag)).as("the same values").isEmpty();
    Configuration task = new Configuration(dag);
    task.set("x.skip-bad-files", "false");
    assertThat(KEYS.tooLate(Scope.TASK, dag, task)).containsExactly("x.skip-bad-files = false in the task's "
        + "configuration has no effect: a DAG-scope key, read when the DAG started (this DAG runs with true); it "
        + "takes effect when a DAG starts with it (tez-site.xml, or the DAG's configuration: a Hive session's SET)");
  }
}
