package io.tezext.simulator.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.tezext.simulator.io.InputFileException;
import io.tezext.simulator.scheduler.SchedulerKind;

class GridFileTest {
  static final String REFERENCE = Path.of("scenarios/reference.json").toAbsolutePath().toString();

  @TempDir
  Path dir;

  /** A grid file with {@code fields} (JSON members, no braces) after the scenarios. */
  Path grid(String fields) throws IOException {
    return Files.writeString(dir.resolve("grid.json"), "{\n\"scenarios\": [\"" + REFERENCE + "\"],\n" + fields + "\n}");
  }

  static final String WORKLOADS = "\"workloads\": [{\"name\": \"small\", \"synthetic\": {\"dags\": 4}}],\n";
  static final String DAGAWARE_DELAY = "\"schedulers\": [{\"scheduler\": \"dagaware\", \"vary\": "
      + "{\"tez.am.container.reuse.locality.delay-allocation-millis\": [0, 250, 1000], "
      + "\"tez.am.container.reuse.rack-fallback.enabled\": [true, false]}}],\n";

  @Test
  void aGridExpandsToSettingsTimesScenariosTimesWorkloadsTimesSeedsWithTheBaselineFirst() throws IOException {
    Grid g = GridFile.read(grid(WORKLOADS + DAGAWARE_DELAY + "\"seeds\": [1, 2, 3], \"objective\": \"dag-p95\""));

    assertThat(g.settings()).hasSize(1 + 3 * 2);
    assertThat(g.baseline().conf()).isEmpty();
    assertThat(g.baseline().kind()).isEqualTo(SchedulerKind.DAGAWARE);
    assertThat(g.settings().get(1).description())
        .isEqualTo("dagaware(tez.am.container.reuse.locality.delay-allocation-millis=0;"
            + "tez.am.container.reuse.rack-fallback.enabled=true)");
    assertThat(g.settings().get(6).conf()).containsEntry("tez.am.container.reuse.locality.delay-allocation-millis",
        "1000").containsEntry("tez.am.container.reuse.rack-fallback.enabled", "false");
    assertThat(g.tunePoints()).hasSize(7 * 3);
    assertThat(g.tunePoints().get(0).id()).isEqualTo("s00-c0-w0-seed1");
    assertThat(g.tunePoints().stream().map(GridPoint::id).distinct()).hasSize(21);
    assertThat(g.heldOutSeeds()).as("two seeds after the largest tuning seed").containsExactly(4L, 5L);
    assertThat(g.confirmPoints(List.of(3, 5))).extracting(GridPoint::id)
        .containsExactly("s00-c0-w0-seed4", "s00-c0-w0-seed5", "s03-c0-w0-seed4", "s03-c0-w0-seed5",
            "s05-c0-w0-seed4", "s05-c0-w0-seed5");
    assertThat(g.swept()).extracting(SweptKey::key).containsExactly(
        "tez.am.container.reuse.locality.delay-allocation-millis", "tez.am.container.reuse.rack-fallback.enabled");
    assertThat(g.objective()).isEqualTo(Objective.DAG_P95);
  }

  @Test
  void theExampleGridOfTheDocsIsValid() throws IOException {
    Grid g = GridFile.read(Path.of("scenarios/sweep-example.json"));

    assertThat(g.settings()).hasSize(1 + 3 + 2 * 2);
    assertThat(g.tunePoints()).hasSize(32);
    assertThat(g.heldOutSeeds()).containsExactly(101L, 102L);
    String doc = Files.readString(Path.of("..", "docs", "simulator-sweeps.md"));
    assertThat(doc).as("the docs show the example as it is").contains(Files.readString(
        Path.of("scenarios/sweep-example.json")).replaceAll("(?s)^\\{\\s*\"notes\": \\[.*?\\],\\n", "{\n"));
  }

  @Test
  void aNamedBaselineThatIsAlsoAGridSettingIsRunOnce() throws IOException {
    Grid g = GridFile.read(grid(WORKLOADS + "\"baseline\": {\"scheduler\": \"tezext\", \"set\": "
        + "{\"tezext.scheduler.locality.mode\": \"auto\"}},\n\"schedulers\": [{\"scheduler\": \"tezext\", \"vary\": "
        + "{\"tezext.scheduler.locality.mode\": [\"auto\", \"delay\", \"strict\"]}}],\n\"objective\": \"makespan\""));

    assertThat(g.settings()).extracting(Setting::description).containsExactly(
        "tezext(tezext.scheduler.locality.mode=auto)", "tezext(tezext.scheduler.locality.mode=delay)",
        "tezext(tezext.scheduler.locality.mode=strict)");
  }

  @Test
  void heldOutWorkloadsAreConfirmedOnTheTuningSeeds() throws IOException {
    Grid g = GridFile.read(grid(WORKLOADS + DAGAWARE_DELAY + "\"holdOut\": {\"workloads\": [{\"name\": \"other\", "
        + "\"synthetic\": {\"dags\": 5}}]},\n\"seeds\": [7], \"objective\": \"work-lost\""));

    assertThat(g.tuningWorkloads()).containsExactly(0);
    assertThat(g.confirmingWorkloads()).containsExactly(1);
    assertThat(g.heldOutSeeds()).isEmpty();
    assertThat(g.confirmPoints(List.of(2))).extracting(GridPoint::id)
        .containsExactly("s00-c0-w1-seed7", "s02-c0-w1-seed7");
  }

  @Test
  void numbersAndBooleansInAGridAreTheKeysValuesAsText() throws IOException {
    Grid g = GridFile.read(grid(WORKLOADS + "\"schedulers\": [{\"scheduler\": \"tezext\", \"set\": "
        + "{\"tezext.scheduler.reuse.enabled\": true}, \"vary\": {\"tezext.scheduler.locality.spread-fraction\": "
        + "[0.25, 0.5]}}],\n\"objective\": \"node-local\""));

    assertThat(g.settings().get(1).conf()).isEqualTo(Map.of("tezext.scheduler.reuse.enabled", "true",
        "tezext.scheduler.locality.spread-fraction", "0.25"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      a key the scheduler does not read | "schedulers": [{"scheduler": "dagaware", "vary": {"tez.am.container.reuse.enabld": [true]}}], "objective": "dag-mean" | at schedulers[0].vary.tez.am.container.reuse.enabld: | unknown key tez.am.container.reuse.enabld for dagaware (did you mean tez.am.container.reuse.enabled?)
      a Tez key tezext does not read | "schedulers": [{"scheduler": "tezext", "vary": {"tez.am.container.reuse.enabled": [true, false]}}], "objective": "dag-mean" | at schedulers[0].vary.tez.am.container.reuse.enabled: | for tezext
      a value the key refuses | "schedulers": [{"scheduler": "tezext", "vary": {"tezext.scheduler.locality.mode": ["auto", "nearby"]}}], "objective": "dag-mean" | at schedulers[0].vary.tezext.scheduler.locality.mode: | 'nearby'
      a set key the scheduler does not read | "schedulers": [{"scheduler": "dagaware", "set": {"tezext.scheduler.locality.mode": "auto"}}], "objective": "dag-mean" | at schedulers[0].set: | for dagaware
      a class scheduler | "schedulers": [{"scheduler": "class:com.example.Mine"}], "objective": "dag-mean" | at schedulers[0].scheduler: | a class's keys cannot be checked
      an unknown scheduler | "schedulers": [{"scheduler": "fifo"}], "objective": "dag-mean" | at schedulers[0].scheduler: | unknown scheduler 'fifo'
      no objective | "schedulers": [{"scheduler": "dagaware"}] | at objective: | missing; expected one of dag-mean, dag-p95, makespan, work-lost, node-local
      an unknown objective | "schedulers": [{"scheduler": "dagaware"}], "objective": "latency" | at objective: | 'latency' is not an objective
      a constraint without a limit | "schedulers": [{"scheduler": "dagaware"}], "objective": "dag-mean", "constraints": [{"figure": "dag-p95"}] | at constraints[0].maxWorsePercent: | missing
      a held-out seed that is a tuning seed | "schedulers": [{"scheduler": "dagaware"}], "objective": "dag-mean", "seeds": [1, 2], "holdOut": {"seeds": [2, 3]} | at holdOut.seeds: | seed 2 is also a tuning seed
      one held-out seed | "schedulers": [{"scheduler": "dagaware"}], "objective": "dag-mean", "seeds": [1, 2], "holdOut": {"seeds": [3]} | at holdOut.seeds: | a confirmation needs at least 2
      a seed given twice | "schedulers": [{"scheduler": "dagaware"}], "objective": "dag-mean", "seeds": [1, 1] | at seeds[1]: | listed twice
      a key both set and swept | "schedulers": [{"scheduler": "dagaware", "set": {"tez.am.container.reuse.enabled": "true"}, "vary": {"tez.am.container.reuse.enabled": [false]}}], "objective": "dag-mean" | at schedulers[0].vary.tez.am.container.reuse.enabled: | sweep it or set it, not both
      an idle-release max the simulator pins | "schedulers": [{"scheduler": "dagaware", "vary": {"tez.am.container.idle.release-timeout-max.millis": [10000]}}], "objective": "dag-mean" | on scenarios[0] | must equal tez.am.container.idle.release-timeout-min.millis
      no schedulers | "objective": "dag-mean" | at schedulers: | missing; expected a list of schedulers
      """)
  void aBadGridIsRefusedNamingTheFieldBeforeAnyRun(String name, String fields, String where, String what)
      throws IOException {
    Path file = grid(WORKLOADS + fields);
    assertThatThrownBy(() -> GridFile.read(file)).isInstanceOf(InputFileException.class)
        .hasMessageStartingWith(file.toString())
        .hasMessageContaining(where).hasMessageContaining(what);
  }

  @Test
  void aWorkloadNeedsAFileOrSyntheticOptionsAndTheFileMustExist() throws IOException {
    Path neither = grid("\"workloads\": [{\"name\": \"x\"}], \"schedulers\": [{\"scheduler\": \"dagaware\"}], "
        + "\"objective\": \"dag-mean\"");
    assertThatThrownBy(() -> GridFile.read(neither)).hasMessageContaining("at workloads[0]: give either 'file'");
    Path missing = grid("\"workloads\": [{\"file\": \"nowhere.json\"}], \"schedulers\": [{\"scheduler\": \"dagaware\"}], "
        + "\"objective\": \"dag-mean\"");
    assertThatThrownBy(() -> GridFile.read(missing)).hasMessageContaining("at workloads[0].file: nowhere.json: no such file");
    Path badSynthetic = grid("\"workloads\": [{\"name\": \"x\", \"synthetic\": {\"dags\": 0}}], "
        + "\"schedulers\": [{\"scheduler\": \"dagaware\"}], \"objective\": \"dag-mean\"");
    assertThatThrownBy(() -> GridFile.read(badSynthetic))
        .hasMessageContaining("at workloads[0].synthetic: synthetic workload: dags must be positive, was 0");
  }

  @Test
  void jsonMistakesAreLocatedByLineColumnAndField() throws IOException {
    Path object = grid(WORKLOADS + "\"schedulers\": [{\"scheduler\": \"dagaware\", \"vary\": "
        + "{\"tez.am.container.reuse.enabled\": [{\"a\": 1}]}}], \"objective\": \"dag-mean\"");
    assertThatThrownBy(() -> GridFile.read(object)).hasMessageContaining("line 4")
        .hasMessageContaining("schedulers[0].vary.tez.am.container.reuse.enabled[0]")
        .hasMessageContaining("expected a string, a number or true/false, found an object");
    Path unknown = grid(WORKLOADS + "\"schedulers\": [{\"scheduler\": \"dagaware\"}], \"objectve\": \"dag-mean\"");
    assertThatThrownBy(() -> GridFile.read(unknown)).hasMessageContaining("unknown field 'objectve'");
  }
}
