package io.tezext.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.engine.EventLoop;

/** The RM's preemption as the CapacityScheduler's ProportionalCapacityPreemptionPolicy applies it. */
class RmPreemptionTest {
  private final List<RmContainer> preempted = new ArrayList<>();
  private final List<Long> preemptedAtMs = new ArrayList<>();
  private EventLoop loop;
  private ResourceManager rm;

  /**
   * Two nodes of 8 GB; queues a and b of 50% each, elastic to 100%, user limit factor 2. In queue a,
   * an older application holds its AM and five 1 GB tasks and a newer one its AM, four tasks at
   * priority 5 and three at priority 20: queue a uses 14 GB. Then b's application asks for 8 GB.
   */
  private RmApp[] start(YarnSettings extra) {
    return start(extra, 1);
  }

  private RmApp[] start(YarnSettings extra, long seed) {
    return start(extra, seed, false);
  }

  /** With {@code idleFirst}, the monitor's first round passes on an empty cluster before anything is submitted. */
  private RmApp[] start(YarnSettings extra, long seed, boolean idleFirst) {
    preempted.clear();
    preemptedAtMs.clear();
    YarnSettings yarn = extra.with(YarnSettings.PREEMPTION, true).with(YarnSettings.MAX_AM_SHARE_PERCENT, 50.0);
    loop = new EventLoop();
    rm = new ResourceManager(loop, ClusterSpec.uniform(1, 2, 8192, 8,
        List.of(new QueueSpec("a", 50, 100, 2), new QueueSpec("b", 50, 100, 2)), yarn), new ClusterObserver() {
          @Override
          public void containerCompleted(RmContainer c) {
            if (c.exit() == ContainerExit.PREEMPTED) {
              preempted.add(c);
              preemptedAtMs.add(loop.now());
            }
          }
        }, seed);
    if (idleFirst) {
      loop.run(() -> loop.now() >= 20_000); // the first round finds nothing to watch
    }
    RmApp older = submit("older", "a");
    take(older, new AskKey(5, 1024, 1), 5);
    RmApp newer = submit("newer", "a");
    take(newer, new AskKey(5, 1024, 1), 4);
    take(newer, new AskKey(20, 1024, 1), 3);
    RmApp other = submit("other", "b");
    rm.heartbeat(other, List.of(new AskUpdate(new AskKey(5, 1024, 1), AskUpdate.ANY, 8)), List.of());
    return new RmApp[] {older, newer, other};
  }

  private RmApp submit(String id, String queue) {
    RmApp app = rm.submit(id, queue, 1024, 1, c -> { });
    loop.run(() -> app.liveContainers() == 1);
    return app;
  }

  private void take(RmApp app, AskKey key, int count) {
    int before = app.liveContainers();
    rm.heartbeat(app, List.of(new AskUpdate(key, AskUpdate.ANY, count)), List.of());
    loop.run(() -> app.liveContainers() == before + count);
    rm.heartbeat(app, List.of(), List.of()); // the AM hears of them: nothing more is pending
  }

  @Test
  void victimsComeFromTheNewestApplicationsLowestPriorityNewestContainerFirstAfterTheWarning() {
    RmApp[] apps = start(YarnSettings.DEFAULTS);
    long origin = loop.now();
    loop.run(() -> preempted.size() == 3 || loop.now() > origin + 120_000);

    assertThat(preempted).hasSize(3);
    assertThat(preempted).allMatch(c -> c.app() == apps[1] && c.priority() == 20 && !c.isAmContainer());
    List<Long> ids = preempted.stream().map(RmContainer::id).toList();
    assertThat(ids).isSortedAccordingTo((x, y) -> Long.compare(y, x)); // newest first
    // Warned on a round, killed on the first round 15 s later that still chooses it.
    assertThat(preemptedAtMs.get(0) - origin).isBetween(15_000L, 21_000L);
  }

  @Test
  void oneRoundAsksBackOnlyTheNaturalTerminationShareOfTheExcess() {
    // Queue a's excess over its ideal share is 6 GB (b, least served, is brought up to its 8 GB
    // guarantee), cut to the 10% of the cluster (1.6 GB) one round may take; 20% of that is asked
    // back: one container. Every round chooses that same one
    // until it is killed, so the next is warned only then: kills come a grace period apart.
    start(YarnSettings.DEFAULTS);
    long origin = loop.now();
    loop.run(() -> preempted.size() == 2 || loop.now() > origin + 120_000);
    assertThat(preemptedAtMs.get(1) - preemptedAtMs.get(0)).isBetween(15_000L, 18_000L);
  }

  @Test
  void aLateRoundKillsItsWarnedContainersOneIntervalAfterTheWait() {
    long onTime = gapBetweenFirstTwoKills(YarnSettings.DEFAULTS);
    long late = gapBetweenFirstTwoKills(YarnSettings.DEFAULTS.with(YarnSettings.PREEMPTION_LATE_KILL_SHARE, 1.0));

    assertThat(late - onTime).isEqualTo(YarnSettings.DEFAULTS.get(YarnSettings.PREEMPTION_INTERVAL_MS));
  }

  @Test
  void noRoundIsLateWhenTheWaitIsNotAWholeNumberOfIntervals() {
    // A 10 s wait with rounds every 3 s ends between rounds: the kill falls to the 12 s round
    // whatever the clock's lag, so a late share changes nothing.
    YarnSettings uneven = YarnSettings.DEFAULTS.with(YarnSettings.PREEMPTION_WAIT_MS, 10_000L);
    assertThat(gapBetweenFirstTwoKills(uneven.with(YarnSettings.PREEMPTION_LATE_KILL_SHARE, 1.0)))
        .isEqualTo(gapBetweenFirstTwoKills(uneven));
  }

  private long gapBetweenFirstTwoKills(YarnSettings yarn) {
    start(yarn);
    long origin = loop.now();
    loop.run(() -> preempted.size() == 2 || loop.now() > origin + 120_000);
    return preemptedAtMs.get(1) - preemptedAtMs.get(0);
  }

  @Test
  void aRandomPhaseMovesTheRoundsBySeedAndOnlyBySeed() {
    YarnSettings random = YarnSettings.DEFAULTS.with(YarnSettings.PREEMPTION_RANDOM_PHASE, true);
    long interval = YarnSettings.DEFAULTS.get(YarnSettings.PREEMPTION_INTERVAL_MS);
    Set<Long> phases = new HashSet<>();
    for (long seed = 1; seed <= 5; seed++) {
      phases.add(firstKillMs(random, seed) % interval);
      assertThat(firstKillMs(random, seed)).isEqualTo(firstKillMs(random, seed));
    }
    assertThat(phases).hasSizeGreaterThan(1);
    assertThat(firstKillMs(YarnSettings.DEFAULTS, 1) % interval).isZero(); // rounds at whole intervals
    assertThat(firstKillMs(YarnSettings.DEFAULTS, 7)).isEqualTo(firstKillMs(YarnSettings.DEFAULTS, 1));
  }

  private long firstKillMs(YarnSettings yarn, long seed) {
    start(yarn, seed);
    long origin = loop.now();
    loop.run(() -> preempted.size() == 1 || loop.now() > origin + 120_000);
    return preemptedAtMs.get(0);
  }

  @Test
  void workArrivingOnAnIdleClusterIsWatchedFromTheScheduledRoundAfterIt() {
    // YARN's monitor runs every interval whatever the cluster holds; the simulated one skips rounds
    // while no container lives, and must pick up again on the same schedule once one does.
    start(YarnSettings.DEFAULTS, 1, true);
    long submitted = loop.now();
    long interval = YarnSettings.DEFAULTS.get(YarnSettings.PREEMPTION_INTERVAL_MS);
    loop.run(() -> preempted.size() == 1 || loop.now() > submitted + 120_000);

    assertThat(submitted).isGreaterThan(interval); // the first round found the cluster empty
    assertThat(preemptedAtMs.get(0) % interval).isZero();
    // Warned on the first or second round after the work came, killed the wait later.
    assertThat(preemptedAtMs.get(0) - submitted).isBetween(15_000L, 15_000L + 2 * interval);
  }

  @Test
  void aQueueWithinTheDeadZoneGivesNothingBack() {
    YarnSettings wide = YarnSettings.DEFAULTS.with(YarnSettings.PREEMPTION_DEAD_ZONE, 1.0); // 14 GB < 8 GB x 2
    start(wide);
    long origin = loop.now();
    loop.run(() -> loop.now() > origin + 60_000);
    assertThat(preempted).isEmpty();
  }
}
