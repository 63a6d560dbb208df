package io.tezext.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.am.AmSettings;
import io.tezext.simulator.cluster.YarnSettings;

class ScenarioFileTest {
  @TempDir
  Path dir;

  @Test
  void emptyObjectGivesTheDocumentedDefaults() throws IOException {
    Scenario s = ScenarioFile.read(write("{}"), 9);
    assertThat(s.cluster().nodes()).hasSize(10);
    assertThat(s.cluster().yarn()).isEqualTo(YarnSettings.DEFAULTS);
    assertThat(s.am()).isEqualTo(AmSettings.DEFAULTS);
    assertThat(s.seed()).isEqualTo(9);
  }

  @Test
  void bundledReferenceFileSpellsOutTheDefaults() {
    Scenario s = ScenarioFile.read(Path.of("scenarios/reference.json"), 1);
    assertThat(s.cluster().yarn()).isEqualTo(YarnSettings.DEFAULTS);
    assertThat(s.cluster().nodes()).hasSize(40);
    assertThat(s.am().tezConf()).containsEntry("tez.am.container.reuse.enabled", "true");
  }

  @Test
  void explicitNodesAndQueuesAreRead() throws IOException {
    Scenario s = ScenarioFile.read(write("""
        {"nodes": [{"host": "a", "rack": "/r1", "memoryMb": 2048, "vcores": 2}, {"host": "b", "rack": "/r2"}],
         "queues": [{"name": "etl", "capacity": 70, "maxCapacity": 100}, {"name": "adhoc", "capacity": 30}]}
        """), 1);
    assertThat(s.cluster().nodes()).extracting(n -> n.host() + n.rack() + n.memoryMb())
        .containsExactly("a/r12048", "b/r265536");
    assertThat(s.cluster().queues()).extracting(q -> q.name() + q.maxCapacityPercent())
        .containsExactly("etl100.0", "adhoc30.0");
  }

  @Test
  void unknownFieldNamesFileLineFieldAndTheKnownFields() throws IOException {
    Path file = write("{\n  \"yarn\": {\n    \"nodeLocalityDelai\": 10\n  }\n}");
    assertThatThrownBy(() -> ScenarioFile.read(file, 1))
        .hasMessageStartingWith(file + " line 3 column")
        .hasMessageContaining("at yarn.nodeLocalityDelai")
        .hasMessageContaining("unknown field 'nodeLocalityDelai'")
        .hasMessageContaining("nodeLocalityDelay");
  }

  @Test
  void wrongTypeNamesTheField() throws IOException {
    Path file = write("{\"tez\": {\"amLaunchMs\": \"soon\"}}");
    assertThatThrownBy(() -> ScenarioFile.read(file, 1))
        .hasMessage(file + " line 1 column 24 at tez: tez.amLaunchMs = '\"soon\"': expected a whole number, at least 0");
  }

  @Test
  void contradictorySettingsAreNamedWhereTheSectionEnds() throws IOException {
    Path file = write("{\"tez\": {\"slowStartMinFraction\": 0.9, \"slowStartMaxFraction\": 0.5}}");
    assertThatThrownBy(() -> ScenarioFile.read(file, 1))
        .hasMessage(file + " line 1 column 66 at tez: tez.slowStartMinFraction (0.9) must not exceed "
            + "tez.slowStartMaxFraction (0.5)");
  }

  @Test
  void aValueOutOfItsRangeNamesTheSettingAndTheRange() throws IOException {
    Path file = write("{\n  \"yarn\": {\"nodeHeartbeatMs\": 0}}");
    assertThatThrownBy(() -> ScenarioFile.read(file, 1))
        .hasMessage(file + " line 2 column 31 at yarn: yarn.nodeHeartbeatMs = '0': expected a whole number, at least 1");
  }

  @Test
  void queueCapacitiesThatDoNotAddUpAreRejected() throws IOException {
    Path file = write("{\"queues\": [{\"name\": \"a\", \"capacity\": 50}, {\"name\": \"b\", \"capacity\": 40}]}");
    assertThatThrownBy(() -> ScenarioFile.read(file, 1))
        .hasMessageContaining("must add up to 100%, they add up to 90.0%");
  }

  @Test
  void nodeLossOfAnUnknownHostIsRejected() throws IOException {
    Path file = write("{\"failures\": {\"nodeLosses\": [{\"host\": \"nope\", \"atMs\": 5}]}}");
    assertThatThrownBy(() -> ScenarioFile.read(file, 1))
        .hasMessageContaining("failures.nodeLosses names host nope, which the cluster does not have");
  }

  @Test
  void missingFileIsNamed() {
    assertThatThrownBy(() -> ScenarioFile.read(dir.resolve("none.json"), 1))
        .hasMessageEndingWith("none.json: no such file");
  }

  @Test
  void aWrittenScenarioReadsBackAsTheSameScenario() throws IOException {
    Scenario original = ScenarioFile.read(Path.of("scenarios/reference.json"), 3);
    Scenario changed = original.withAm(original.am().with(AmSettings.COLD_TASK_PENALTY_MS, 1234)
        .with(AmSettings.SHUFFLE_OVERLAP, 0.0));
    Path file = dir.resolve("written.json");

    ScenarioFile.write(changed, List.of("a note"), file);

    assertThat(ScenarioFile.read(file, 3)).isEqualTo(changed);
    assertThat(Files.readString(file)).contains("\"notes\" : [ \"a note\" ]").contains("\"coldTaskPenaltyMs\" : 1234");
  }

  private Path write(String json) throws IOException {
    return Files.writeString(dir.resolve("cluster.json"), json);
  }
}
