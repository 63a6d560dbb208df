package io.tezext.simulator.workload.tezhistory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.tezext.simulator.workload.Workload;
import io.tezext.simulator.workload.WorkloadFormat;

class AtsZipReaderTest {
  @TempDir
  Path dir;

  @Test
  void zipsFromTheTimelineServerReadAsTheSameWorkloadAsSimpleHistory() throws Exception {
    Path zips = AtsZipFixture.write(SimpleHistoryReaderTest.fixture(), dir.resolve("ats"));

    Workload fromAts = TezHistoryReader.read(new AtsZipFiles(zips), false, new ArrayList<>());
    Workload fromSimple = TezHistoryReader.read(new SimpleHistoryFiles(SimpleHistoryReaderTest.fixture()), false,
        new ArrayList<>());

    assertThat(fromAts.submissions()).hasSize(2).isEqualTo(fromSimple.submissions());
    assertThat(fromAts.notes()).anyMatch(n -> n.contains("timeline server"));
  }

  @Test
  void oneZipIsOneDag() throws Exception {
    Path zips = AtsZipFixture.write(SimpleHistoryReaderTest.fixture(), dir.resolve("ats"));

    Workload w = TezHistoryReader.read(new AtsZipFiles(zips.resolve("dag_1795361869420_0001_2.zip")), false,
        new ArrayList<>());

    assertThat(w.submissions()).singleElement().satisfies(s -> {
      assertThat(s.id()).isEqualTo("dag_1795361869420_0001_2");
      assertThat(s.arrivalMs()).isZero();
    });
  }

  @Test
  void aCorruptZipAmongGoodOnesFailsTheReadNamingItOrIsSkippedWithSkipBad() throws Exception {
    Path zips = AtsZipFixture.write(SimpleHistoryReaderTest.fixture(), dir.resolve("ats"));
    Path corrupt = Files.write(zips.resolve("dag_1795361869420_0001_3.zip"), new byte[] {'P', 'K', 3, 4, 1, 2});

    assertThatThrownBy(() -> TezHistoryReader.read(new AtsZipFiles(zips), false, new ArrayList<>()))
        .hasMessageContaining(corrupt + ": not a zip file");
    List<String> skipped = new ArrayList<>();
    Workload w = TezHistoryReader.read(new AtsZipFiles(zips), true, skipped);
    assertThat(w.submissions()).hasSize(2);
    assertThat(skipped).singleElement().asString().contains(corrupt.toString());
  }

  @Test
  void formatIsDetectedFromTheZipOrItsDirectory() throws Exception {
    Path zips = AtsZipFixture.write(SimpleHistoryReaderTest.fixture(), dir.resolve("ats"));

    assertThat(WorkloadFormat.detect(zips)).isEqualTo(WorkloadFormat.TEZ_ATS_ZIP);
    assertThat(WorkloadFormat.detect(zips.resolve("dag_1795361869420_0001_1.zip"))).isEqualTo(WorkloadFormat.TEZ_ATS_ZIP);
    assertThat(WorkloadFormat.detect(SimpleHistoryReaderTest.fixture())).isEqualTo(WorkloadFormat.TEZ_SIMPLE_HISTORY);
  }

  @Test
  void badEntryNamesZipEntryAndWhatWasExpected() throws Exception {
    Path zip = dir.resolve("dag_1_0001_1.zip");
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
      out.putNextEntry(new ZipEntry("dag_1_0001_1"));
      out.write("{\"dag\": {\"entity\": \"dag_1_0001_1\"}}".getBytes(StandardCharsets.UTF_8));
      out.putNextEntry(new ZipEntry("part-1.json"));
      out.write("{\"things\": []}".getBytes(StandardCharsets.UTF_8));
    }

    assertThatThrownBy(() -> TezHistoryReader.read(new AtsZipFiles(zip), false, new ArrayList<>()))
        .hasMessageStartingWith(zip + "!dag_1_0001_1 dag (dag_1_0001_1): missing or invalid field 'entitytype'");
    List<String> skipped = new ArrayList<>();
    TezHistoryReader.read(new AtsZipFiles(zip), true, skipped);
    assertThat(skipped).hasSize(2);
    assertThat(skipped.get(1)).isEqualTo(zip + "!part-1.json: expected 'application' and 'dag', or one of "
        + "[vertices, tasks, task_attempts]; found [things]");
  }

  @Test
  void notAZipIsAnError() throws IOException {
    Path notZip = Files.writeString(dir.resolve("x.zip"), "hello");

    assertThatThrownBy(() -> TezHistoryReader.read(new AtsZipFiles(notZip), false, new ArrayList<>()))
        .hasMessageStartingWith(notZip + ": not a zip file");
  }
}
