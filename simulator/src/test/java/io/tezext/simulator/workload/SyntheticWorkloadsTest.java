package io.tezext.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.workload.synthetic.DagShape;
import io.tezext.simulator.workload.synthetic.SyntheticOptions;
import io.tezext.simulator.workload.synthetic.SyntheticWorkloads;

class SyntheticWorkloadsTest {
  private static final List<String> HOSTS = hosts(30);

  @Test
  void sameSeedGivesTheSameWorkloadAndAnotherSeedAnother() {
    Workload a = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS, HOSTS, 7);
    Workload b = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS, HOSTS, 7);
    Workload c = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS, HOSTS, 8);
    assertThat(b).isEqualTo(a);
    assertThat(c).isNotEqualTo(a);
  }

  @Test
  void everyShapeAppearsAndEveryDagIsValid() {
    Map<DagShape, Double> everyShape = new EnumMap<>(DagShape.class);
    for (DagShape shape : DagShape.values()) {
      everyShape.put(shape, 1.0);
    }
    SyntheticOptions d = SyntheticOptions.DEFAULTS;
    SyntheticOptions options = new SyntheticOptions(300, d.meanInterArrivalMs(), everyShape, d.minRootTasks(),
        d.maxRootTasks(), d.medianTaskMs(), d.durationSigma(), d.objectStoreFraction(), d.sessions(), d.queues());
    Workload w = SyntheticWorkloads.generate(options, HOSTS, 1);
    Set<DagShape> seen = EnumSet.noneOf(DagShape.class);
    for (DagSubmission s : w.submissions()) {
      for (DagShape shape : DagShape.values()) {
        if (s.dag().name().endsWith(shape.name().toLowerCase())) {
          seen.add(shape);
        }
      }
    }
    assertThat(seen).containsExactlyInAnyOrder(DagShape.values());
    assertThat(w.submissions()).flatExtracting(s -> s.dag().edges()).extracting(EdgeSpec::movement)
        .contains(DataMovement.values());
  }

  @Test
  void aDeepJoinChainsThreeToFiveJoinsEachWaitingForAScanOfItsOwn() {
    SyntheticOptions d = SyntheticOptions.DEFAULTS;
    SyntheticOptions deep = new SyntheticOptions(40, d.meanInterArrivalMs(), Map.of(DagShape.DEEP_JOIN, 1.0),
        d.minRootTasks(), d.maxRootTasks(), d.medianTaskMs(), d.durationSigma(), 0, d.sessions(), d.queues());
    for (DagSubmission s : SyntheticWorkloads.generate(deep, HOSTS, 4).submissions()) {
      List<EdgeSpec> edges = s.dag().edges();
      List<String> joins = s.dag().vertices().stream().map(VertexSpec::name)
          .filter(v -> edges.stream().filter(e -> e.to().equals(v)).count() == 2).toList();
      assertThat(joins).hasSizeBetween(3, 5);
      for (String join : joins) {
        assertThat(edges).filteredOn(e -> e.to().equals(join)).extracting(EdgeSpec::from)
            .anyMatch(from -> from.startsWith("Map "));
      }
      assertThat(s.dag().vertices()).filteredOn(v -> v.input() == InputStorage.HDFS).hasSize(joins.size() + 1);
    }
  }

  @Test
  void arrivalsArePoissonWithTheConfiguredMean() {
    Workload w = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS.withDags(2_001), HOSTS, 3);
    long span = w.submissions().get(2_000).arrivalMs() - w.submissions().get(0).arrivalMs();
    assertThat(span / 2_000.0).isBetween(28_000.0, 32_000.0);
  }

  @Test
  void objectStoreScansCarryNoHostsAndHdfsScansThreeDistinctReplicas() {
    Workload w = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS.withDags(200), HOSTS, 5);
    List<VertexSpec> scans = new ArrayList<>();
    w.submissions().forEach(s -> s.dag().vertices().stream().filter(v -> v.input() != InputStorage.NONE)
        .forEach(scans::add));
    long objectStore = scans.stream().filter(v -> v.input() == InputStorage.OBJECT_STORE).count();
    assertThat((double) objectStore / scans.size()).isBetween(0.2, 0.4);
    assertThat(scans).filteredOn(v -> v.input() == InputStorage.OBJECT_STORE)
        .allMatch(v -> v.tasks().stream().allMatch(t -> t.hosts().isEmpty()));
    assertThat(scans).filteredOn(v -> v.input() == InputStorage.HDFS)
        .allMatch(v -> v.tasks().stream().allMatch(t -> Set.copyOf(t.hosts()).size() == 3));
  }

  @Test
  void sessionsAndQueuesAreAssignedRoundRobin() {
    SyntheticOptions o = new SyntheticOptions(6, 1000, SyntheticOptions.TPCDS_MIX, 2, 10, 5000, 0.5, 0, 2,
        List.of("etl", "adhoc", "bi"));
    Workload w = SyntheticWorkloads.generate(o, HOSTS, 1);
    assertThat(w.submissions()).extracting(DagSubmission::session)
        .containsExactly("session-1", "session-2", "session-1", "session-2", "session-1", "session-2");
    assertThat(w.submissions()).extracting(DagSubmission::queue)
        .containsExactly("etl", "adhoc", "bi", "etl", "adhoc", "bi");
  }

  @Test
  void badOptionNamesTheOptionAndItsRange() {
    assertThatThrownBy(() -> new SyntheticOptions(10, 1000, Map.of(), 1, 2, 1000, 0.5, 0, 0, List.of("q")))
        .hasMessageContaining("shapeWeights");
    assertThatThrownBy(() -> new SyntheticOptions(10, 1000, SyntheticOptions.TPCDS_MIX, 1, 2, 1000, 0.5, 1.5, 0,
        List.of("q"))).hasMessage("synthetic workload: objectStoreFraction must be in [0, 1], was 1.5");
  }

  @Test
  void noteRecordsTheSeedAndParameters() {
    Workload w = SyntheticWorkloads.generate(SyntheticOptions.DEFAULTS.withDags(3), HOSTS, 11);
    assertThat(w.notes()).singleElement().asString().contains("seed 11").contains("3 DAGs");
  }

  static List<String> hosts(int n) {
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      hosts.add("host-" + i);
    }
    return hosts;
  }
}
