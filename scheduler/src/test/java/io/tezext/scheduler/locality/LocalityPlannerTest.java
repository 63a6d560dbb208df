package io.tezext.scheduler.locality;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import io.tezext.scheduler.config.DagSettings;

/** How each locality mode turns a task's hints into a plan: what it waits for, and how long. */
class LocalityPlannerTest {
  private final Set<String> lost = new HashSet<>();
  private final ClusterView cluster = new ClusterView() {
    @Override
    public int nodeCount() {
      return 10;
    }

    @Override
    public String rackOf(String host) {
      return host.equals("localhost") ? "/default-rack" : "/" + host.charAt(0);
    }

    @Override
    public boolean usable(String host) {
      return !lost.contains(host);
    }
  };
  private final Turnover turnover = new Turnover();
  private final LocalityPlanner planner = new LocalityPlanner(cluster, turnover);

  private static DagSettings mode(String mode) {
    Configuration conf = new Configuration(false);
    conf.set("tezext.scheduler.locality.mode", mode);
    return DagSettings.of(conf);
  }

  @Test
  void delayWaitsTheConfiguredTimesAtEachLevel() {
    LocalityPlan plan = planner.plan(new String[] {"a1", "b2"}, null, mode("delay"));
    assertThat(plan.hosts()).containsExactly("a1", "b2");
    assertThat(plan.racks()).containsExactly("/a", "/b");
    assertThat(plan.reaches(LocalityLevel.ANY)).isTrue();
    assertThat(plan.fallsBackAfterMs(LocalityLevel.NODE)).isEqualTo(250);
    assertThat(plan.fallsBackAfterMs(LocalityLevel.RACK)).isEqualTo(500);
    assertThat(plan.allowed(0)).isEqualTo(LocalityLevel.NODE);
    assertThat(plan.allowed(250)).isEqualTo(LocalityLevel.RACK);
    assertThat(plan.allowed(500)).isEqualTo(LocalityLevel.ANY);
  }

  @Test
  void strictNeverFallsBackToAnyNodeWhileItsNodesLive() {
    LocalityPlan plan = planner.plan(new String[] {"a1"}, null, mode("strict"));
    assertThat(plan.reaches(LocalityLevel.ANY)).isFalse();
    assertThat(plan.allowed(Long.MAX_VALUE - 1)).isEqualTo(LocalityLevel.RACK);
    lost.add("a1");
    assertThat(planner.plan(new String[] {"a1"}, null, mode("strict")).isRelaxed()).isTrue();
  }

  @Test
  void relaxedTakesAnyContainerWhateverTheHints() {
    assertThat(planner.plan(new String[] {"a1"}, new String[] {"/a"}, mode("relaxed")).isRelaxed()).isTrue();
  }

  @Test
  void autoRelaxesTasksWhoseHintsCarryNoRealLocality() {
    DagSettings auto = mode("auto");
    assertThat(planner.plan(null, null, auto).isRelaxed()).as("no hints").isTrue();
    assertThat(planner.plan(new String[] {"localhost"}, null, auto).isRelaxed()).as("object store").isTrue();
    assertThat(planner.plan(new String[] {"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4"}, null, auto)
        .isRelaxed()).as("nine of ten nodes").isTrue();
    // Three replicas on a cluster of four or five nodes are most of it, yet a node-local container
    // there is still worth a short wait: the default leaves up to 80% of the cluster as real locality.
    assertThat(planner.plan(new String[] {"a1", "a2", "a3", "b1", "b2", "b3"}, null, auto).isRelaxed())
        .as("six of ten").isFalse();
    assertThat(planner.plan(new String[] {"a1", "a2", "b1"}, null, auto).isRelaxed()).as("three of ten").isFalse();
  }

  @Test
  void autoStillNamesTheHintsToYarnWhileTakingAnyContainer() {
    // An ask naming no place is off-switch, one per node heartbeat; localhost's rack may hold every node.
    LocalityPlan objectStore = planner.plan(new String[] {"localhost"}, null, mode("auto"));
    assertThat(objectStore.allowed(0)).isEqualTo(LocalityLevel.ANY);
    assertThat(objectStore.askedHosts()).containsExactly("localhost");
    assertThat(planner.plan(new String[] {"localhost"}, null, mode("relaxed")).askedHosts())
        .as("relaxed mode names nothing").isEmpty();
  }

  @Test
  void strictToleratesNoLocalhostHintsEither() {
    assertThat(planner.plan(new String[] {"localhost"}, null, mode("strict")).isRelaxed()).isTrue();
  }

  @Test
  void autoWaitsNoLongerThanConfiguredAndLessWhereContainersFreeUpOften() {
    DagSettings auto = mode("auto");
    LocalityPlan before = planner.plan(new String[] {"a1"}, null, auto);
    assertThat(before.fallsBackAfterMs(LocalityLevel.NODE)).as("no evidence yet").isEqualTo(250);
    for (long t = 0; t <= 1_000; t += 40) { // a container frees on a1 every 40 ms
      turnover.freed("a1", "/a", t);
    }
    LocalityPlan busy = planner.plan(new String[] {"a1"}, null, auto);
    assertThat(busy.fallsBackAfterMs(LocalityLevel.NODE)).isEqualTo(80); // two expected intervals
    for (long t = 2_000; t <= 20_000; t += 5_000) { // b1 frees one every 5 s
      turnover.freed("b1", "/b", t);
    }
    assertThat(planner.plan(new String[] {"b1"}, null, auto).fallsBackAfterMs(LocalityLevel.NODE)).isEqualTo(250);
  }

  @Test
  void turnoverAddsTheRatesOfEveryPreferredHost() {
    for (long t = 0; t <= 10_000; t += 1_000) {
      turnover.freed("a1", "/a", t);
      turnover.freed("a2", "/a", t);
    }
    assertThat(turnover.expectedHostWaitMs(List.of("a1"))).isEqualTo(1_000);
    assertThat(turnover.expectedHostWaitMs(List.of("a1", "a2"))).isEqualTo(500);
    assertThat(turnover.expectedHostWaitMs(List.of("b1"))).isEqualTo(-1);
  }
}
