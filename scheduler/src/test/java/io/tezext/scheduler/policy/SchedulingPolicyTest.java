package io.tezext.scheduler.policy;

import static io.tezext.scheduler.policy.PolicyFixture.GB;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import io.tezext.scheduler.locality.LocalityLevel;
import io.tezext.scheduler.requests.PendingRequest;

/** One test per rule of {@link SchedulingPolicy}, on a controlled clock with every decision recorded. */
class SchedulingPolicyTest {
  private static final Map<String, String> DELAY = Map.of("tezext.scheduler.locality.mode", "delay");
  private static final Map<String, String> STRICT = Map.of("tezext.scheduler.locality.mode", "strict");
  /** Tez's delay mode with no waits on the task's side: a task accepts any node at once. */
  private static final Map<String, String> NO_TASK_WAITS = Map.of("tezext.scheduler.locality.mode", "delay",
      "tezext.scheduler.locality.node-wait-ms", "0", "tezext.scheduler.locality.rack-wait-ms", "0");

  private final PolicyFixture f = new PolicyFixture();

  /** Runs a relaxed task of {@code vertex} in a new container on {@code host}; returns the container. */
  private static Container running(PolicyFixture f, String task, int vertex, int priority, String host) {
    f.request(task, vertex, priority);
    Container c = f.container(host, priority);
    f.allocate(c);
    assertThat(f.out.assigned).containsEntry(task, c.getId());
    return c;
  }

  /** Tez gives back the containers whose preemption was asked: their tasks are deallocated. */
  private static void landKills(PolicyFixture f) {
    for (ContainerId id : f.out.preempted) {
      f.out.assigned.entrySet().stream().filter(e -> e.getValue().equals(id)).map(e -> (String) e.getKey())
          .filter(task -> f.policy.runningTasks().contains(task)).toList().forEach(f::finish);
    }
  }

  @Nested
  class Reuse {
    @Test
    void aFreedContainerGoesToTheTaskWantingItsNodeBeforeAnOlderTaskWantingAnother() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.request("t1", 0, 5, "b1");
      f.request("t2", 0, 5, "a1");
      f.finish("t0");
      assertThat(f.out.assigned).containsEntry("t2", c.getId()).doesNotContainKey("t1");
    }

    @Test
    void aTaskWaitsForItsNodeThenItsRackThenTakesAnyContainer() {
      f.startDag(DELAY); // node wait 250 ms, rack wait 250 ms
      Container offRack = running(f, "t0", 0, 5, "b1");
      f.request("t1", 0, 5, "a1");
      f.finish("t0");
      assertThat(f.out.assigned).doesNotContainKey("t1");
      assertThat(f.out.wakeAt).isEqualTo(100); // the container's wait for a task wanting b1
      f.advanceTo(100);
      assertThat(f.out.wakeAt).isEqualTo(250);
      f.advanceTo(499);
      assertThat(f.out.assigned).doesNotContainKey("t1"); // rack-local by now, but b1 is on another rack
      f.advanceTo(500);
      assertThat(f.out.assigned).containsEntry("t1", offRack.getId());
    }

    @Test
    void aFreedContainerWaitsForATaskWantingItsNodeBeforeTakingOneThatAcceptsAnyNode() {
      f.startDag(NO_TASK_WAITS);
      Container c = running(f, "t0", 0, 5, "a1");
      f.request("t1", 0, 5, "b1"); // accepts any node from the start, but its data is on b1
      f.finish("t0");
      assertThat(f.out.assigned).doesNotContainKey("t1");
      f.advanceTo(50);
      f.request("t2", 0, 5, "a1");
      assertThat(f.out.assigned).containsEntry("t2", c.getId()).doesNotContainKey("t1");
    }

    @Test
    void aFreedContainerGoesToATaskOnAnotherNodeOnceItsWaitIsOver() {
      f.startDag(NO_TASK_WAITS);
      Container c = running(f, "t0", 0, 5, "a1");
      f.request("t1", 0, 5, "b1");
      f.finish("t0");
      f.advanceTo(99);
      assertThat(f.out.assigned).doesNotContainKey("t1");
      f.advanceTo(100);
      assertThat(f.out.assigned).containsEntry("t1", c.getId());
    }

    @Test
    void aTaskWithoutLocalityTakesAFreedContainerAtOnce() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.request("t1", 0, 5); // no hints: nothing to wait for
      f.finish("t0");
      assertThat(f.out.assigned).containsEntry("t1", c.getId());
    }

    @Test
    void withNoContainerWaitAFreedContainerGoesToATaskOnAnotherNodeAtOnce() {
      Map<String, String> noWaits = new HashMap<>(NO_TASK_WAITS);
      noWaits.put("tezext.scheduler.locality.container-wait-ms", "0");
      f.startDag(noWaits);
      Container c = running(f, "t0", 0, 5, "a1");
      f.request("t1", 0, 5, "b1");
      f.finish("t0");
      assertThat(f.out.assigned).containsEntry("t1", c.getId());
    }

    @Test
    void aContainerOnTheTasksRackServesItOnceTheNodeWaitIsOver() {
      f.startDag(DELAY);
      Container sameRack = running(f, "t0", 0, 5, "a2");
      f.request("t1", 0, 5, "a1");
      f.finish("t0");
      f.advanceTo(249);
      assertThat(f.out.assigned).doesNotContainKey("t1");
      f.advanceTo(250);
      assertThat(f.out.assigned).containsEntry("t1", sameRack.getId());
    }

    @Test
    void strictTasksNeverLeaveTheirRacks() {
      PolicyFixture f = new PolicyFixture(Map.of("tezext.scheduler.idle.release-ms", "2000"));
      f.startDag(STRICT);
      Container offRack = running(f, "t0", 0, 5, "b1");
      f.request("t1", 0, 5, "a1");
      f.finish("t0");
      f.advanceTo(999); // past both locality waits, short of the idle release
      assertThat(f.out.assigned).doesNotContainKey("t1");
      assertThat(f.out.released).doesNotContain(offRack.getId());
    }

    @Test
    void aTaskOfAVertexWhoseAncestorWaitsGetsNoContainerUntilTheAncestorIsServed() {
      f.startDag(DELAY, new int[] {0, 1});
      Container c = running(f, "tx", 2, 5, "a1");
      f.request("t0", 0, 5, "b3"); // the ancestor waits for b3
      f.request("t1", 1, 8); // its descendant would take anything
      f.finish("tx");
      assertThat(f.out.assigned).doesNotContainKeys("t0", "t1");
      f.policy.taskDeallocated(f.now, "t0", false); // Tez withdraws the ancestor's request
      assertThat(f.out.assigned).containsEntry("t1", c.getId()); // at once, not at the next heartbeat
    }

    @Test
    void aContainerRunsOnlyTasksWhoseLaunchContextItsJvmHas() {
      f.startDag(DELAY);
      f.request("t0", 0, 5, GB, "jvm-a");
      Container c = f.container("a1", 5);
      f.allocate(c);
      f.request("t1", 1, 5, GB, "jvm-b");
      f.finish("t0");
      assertThat(f.out.assigned).doesNotContainKey("t1");
      // No waiting task can ever use its JVM, and one waits: YARN gets the room back.
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void aOneToOneConsumerRunsInItsProducersContainer() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      running(f, "other", 0, 5, "a2");
      f.finish("t0");
      f.finish("other");
      f.policy.taskRequested(f.now, "t1", "t1-cookie", 1, 8, GB, 1, "jvm", null, null, c.getId());
      assertThat(f.out.assigned).containsEntry("t1", c.getId());
    }

    @Test
    void aNewContainerGoesToATaskOfItsPriorityEvenOffItsNodeSinceYarnHasWaitedAlready() {
      f.startDag(DELAY);
      f.request("t1", 0, 5, "a1");
      Container c = f.container("b2", 5);
      f.allocate(c);
      assertThat(f.out.assigned).containsEntry("t1", c.getId());
    }
  }

  @Nested
  class IdleContainers {
    /** An idle release longer than the crowded and unneeded ones (0.5 s by default), so each rule shows; no session pool. */
    private final PolicyFixture f = new PolicyFixture(Map.of("tezext.scheduler.idle.release-ms", "2000",
        "tezext.scheduler.session.held-containers", "0"));

    @Test
    void anIdleContainerGoesBackAfterTheIdleRelease() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.finish("t0");
      f.advanceTo(1_999);
      assertThat(f.out.released).isEmpty();
      f.advanceTo(2_000);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void anIdleContainerAWaitingTaskWillTakeOnceItsWaitIsOverStaysPastTheIdleAndCrowdedReleases() {
      PolicyFixture g = new PolicyFixture(Map.of("tezext.scheduler.idle.release-ms", "200",
          "tezext.scheduler.idle.release-crowded-ms", "200"));
      g.startDag(DELAY); // node wait 250 ms, rack wait 250 ms
      Container c = running(g, "t0", 0, 5, "b1");
      g.request("t1", 0, 5, "a1"); // on another rack: it takes b1 once both its waits are over, at 500 ms
      g.finish("t0");
      g.advanceTo(300);
      g.heartbeat(0); // and YARN has no room for another like it
      assertThat(g.out.released).isEmpty();
      g.advanceTo(500);
      assertThat(g.out.assigned).containsEntry("t1", c.getId());
      assertThat(g.out.released).isEmpty();
    }

    @Test
    void whenYarnHasNoRoomForAnotherLikeItAnIdleContainerGoesBackSooner() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.finish("t0");
      f.advanceTo(1_000);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).isEmpty();
      f.heartbeat(0);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void aContainerTheHeadroomAloneCrowdsOutWaitsForTheNextHeartbeatNotATimer() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.heartbeat(0); // no room for another like it, and nobody of the queue is known to wait
      f.finish("t0");
      f.advanceTo(1_000);
      assertThat(f.out.released).isEmpty();
      f.heartbeat(0);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void whenOtherApplicationsOfTheQueueWaitForAsMuchAnIdleContainerGoesBackAfterTheCrowdedRelease() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.heartbeat(10 * GB); // YARN's headroom has room to spare: it cannot say others wait
      f.policy.queueWaiting(GB);
      f.finish("t0");
      f.advanceTo(499);
      assertThat(f.out.released).isEmpty();
      f.advanceTo(500); // at its own wake-up, not at the next heartbeat
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void aYoungerIdleContainerOthersWaitForGoesBackBeforeAnOlderOneTheyDoNot() {
      f.startDag(DELAY);
      f.request("big", 0, 5, 4 * GB, "jvm");
      Container big = f.container("a1", 5, 4 * GB);
      f.allocate(big);
      Container small = running(f, "small", 0, 5, "a2");
      f.policy.queueWaiting(2 * GB); // as much as the small one holds, not the big one
      f.finish("big");
      f.advanceTo(100);
      f.finish("small");
      f.advanceTo(599);
      assertThat(f.out.released).isEmpty();
      f.advanceTo(600);
      assertThat(f.out.released).containsExactly(small.getId());
      f.advanceTo(2_000);
      assertThat(f.out.released).containsExactly(small.getId(), big.getId());
    }

    @Test
    void othersWaitingForLessThanAnIdleContainerHoldsLeaveItTheIdleRelease() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.policy.queueWaiting(GB / 2);
      f.finish("t0");
      f.advanceTo(1_000);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).isEmpty();
      f.policy.queueWaiting(0);
      f.advanceTo(2_000);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void whenEveryVertexHasAskedAnIdleContainerNoWaitingTaskFitsGoesBackSooner() {
      f.startDag(2, DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      running(f, "t1", 1, 8, "a2"); // the last vertex has asked, and nothing waits
      f.finish("t0");
      f.advanceTo(499);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).isEmpty();
      f.advanceTo(500);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void aOneToOneConsumerThatRanInItsProducersContainerHasAsked() {
      f.startDag(2, DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.finish("t0");
      f.policy.taskRequested(f.now, "t1", "t1-cookie", 1, 8, GB, 1, "jvm", null, null, c.getId());
      assertThat(f.out.assigned).containsEntry("t1", c.getId());
      f.finish("t1");
      f.advanceTo(1_000);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void whileAVertexHasYetToAskAnIdleContainerStaysForTheIdleRelease() {
      f.startDag(2, DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.finish("t0");
      f.advanceTo(1_000);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).isEmpty();
      f.advanceTo(2_000);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void betweenASessionsDagsIdleContainersGoBackSooner() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.finish("t0");
      f.policy.dagCompleted(f.now);
      f.advanceTo(1_000);
      f.heartbeat(10 * GB);
      assertThat(f.out.released).containsExactly(c.getId());
    }

    @Test
    void aNewContainerNoWaitingTaskCanRunInGoesBackAtOnce() {
      f.startDag(DELAY);
      f.request("t1", 0, 5, 2 * GB, "jvm");
      Container small = f.container("a1", 5, GB);
      f.allocate(small);
      assertThat(f.out.released).containsExactly(small.getId());
    }

    /** A DAG of two tasks (its first wave), the second done 100 ms after the first, ends; their containers, older idle first. */
    private List<Container> dagOfTwoEnded(PolicyFixture session) {
      session.startDag(DELAY);
      Container older = running(session, "t0", 0, 5, "a1");
      Container newer = running(session, "t1", 0, 5, "a2");
      session.finish("t0");
      session.advanceTo(100);
      session.finish("t1");
      session.policy.dagCompleted(session.now);
      return List.of(older, newer);
    }

    @Test
    void aSessionKeepsItsMostRecentlyIdleContainersBetweenDags() {
      PolicyFixture session = new PolicyFixture(Map.of("tezext.scheduler.session.held-containers", "1"));
      List<Container> idle = dagOfTwoEnded(session);
      session.advanceTo(60_000);
      session.heartbeat(100 * GB);
      assertThat(session.out.released).containsExactly(idle.get(0).getId());
    }

    @Test
    void aSessionKeepsNoPoolWhileOtherApplicationsOfTheQueueWait() {
      PolicyFixture session = new PolicyFixture(Map.of("tezext.scheduler.session.held-containers", "2"));
      List<Container> idle = dagOfTwoEnded(session);
      session.policy.queueWaiting(GB);
      session.advanceTo(1_000);
      session.heartbeat(100 * GB);
      assertThat(session.out.released).containsExactlyInAnyOrder(idle.get(0).getId(), idle.get(1).getId());
    }

    @Test
    void aSessionsPoolIsAsWideAsItsDagsFirstWaves() {
      PolicyFixture session = new PolicyFixture(Map.of("tezext.scheduler.session.held-containers", "10"));
      session.startDag(DELAY);
      Container first = running(session, "t0", 0, 5, "a1");
      Container second = running(session, "t1", 0, 5, "a2");
      session.finish("t0"); // the first wave (two tasks) is over; t2 is a later vertex's
      session.request("t2", 1, 8, 2 * GB, "jvm");
      Container third = session.container("a3", 8, 2 * GB);
      session.allocate(third);
      session.advanceTo(100);
      session.finish("t1");
      session.finish("t2");
      assertThat(session.out.released).isEmpty();
      session.policy.dagCompleted(session.now);
      session.advanceTo(60_000);
      session.heartbeat(100 * GB);
      assertThat(session.out.released).containsExactly(first.getId());
      assertThat(session.out.released).doesNotContain(second.getId(), third.getId());
    }

    @Test
    void aSessionsPoolGoesBackWhenYarnHasNoRoomForAsManyAgain() {
      PolicyFixture session = new PolicyFixture(Map.of("tezext.scheduler.session.held-containers", "10"));
      List<Container> idle = dagOfTwoEnded(session);
      session.heartbeat(2 * GB);
      session.advanceTo(60_000);
      assertThat(session.out.released).isEmpty();

      session.heartbeat(GB); // room for one: the more recently idle stays
      assertThat(session.out.released).containsExactly(idle.get(0).getId());
      session.heartbeat(0);
      assertThat(session.out.released).containsExactly(idle.get(0).getId(), idle.get(1).getId());
    }

    /**
     * {@link #dagOfTwoEnded}, then after {@code pauseMs} the session's next DAG: one task, run in one
     * of the pool's containers, and the DAG ends; the containers of the first, idle again.
     */
    private List<Container> nextDagAfterPause(PolicyFixture session, long pauseMs) {
      List<Container> idle = dagOfTwoEnded(session);
      session.advanceTo(session.now + pauseMs);
      session.startDag(DELAY);
      session.request("t2", 0, 5);
      assertThat(session.out.assigned.get("t2")).isIn(idle.get(0).getId(), idle.get(1).getId());
      session.advanceTo(session.now + 100);
      session.finish("t2");
      session.policy.dagCompleted(session.now);
      return idle;
    }

    @Test
    void aSessionKeepsItsPoolThroughAPauseAsLongAsItsLastOnesWhileOthersWait() {
      PolicyFixture session = new PolicyFixture(Map.of("tezext.scheduler.session.held-containers", "2"));
      List<Container> idle = nextDagAfterPause(session, 3_000);
      long endedMs = session.now;
      session.policy.queueWaiting(GB);
      session.heartbeat(0);
      session.advanceTo(endedMs + 2_900);
      session.heartbeat(0);
      assertThat(session.out.released).isEmpty();

      session.advanceTo(endedMs + 3_000); // at its own wake-up: the pause has outlasted the session's last one
      assertThat(session.out.released).containsExactlyInAnyOrder(idle.get(0).getId(), idle.get(1).getId());
    }

    @Test
    void aSessionWhosePausesAreLongerThanTheHoldKeepsNoPoolWhileOthersWait() {
      PolicyFixture session = new PolicyFixture(Map.of("tezext.scheduler.session.held-containers", "2",
          "tezext.scheduler.session.pause-hold-ms", "2000"));
      List<Container> idle = nextDagAfterPause(session, 3_000);
      session.policy.queueWaiting(GB);
      session.advanceTo(session.now + 1_000);
      session.heartbeat(0);
      assertThat(session.out.released).containsExactlyInAnyOrder(idle.get(0).getId(), idle.get(1).getId());
    }

    @Test
    void theEndOfADagWithdrawsWhatItStillWaitedFor() {
      f.startDag(DELAY);
      f.request("t1", 0, 5, "a1");
      f.policy.dagCompleted(f.now);
      assertThat(f.out.withdrawn).extracting(r -> r.task).containsExactly("t1");
      assertThat(f.policy.pendingRequests()).isZero();
    }
  }

  @Nested
  class Preemption {
    /** Vertex 0 feeds 1, which feeds 2. */
    private final int[][] chain = {{0, 1, 2}, {1, 2}};

    /** Twenty tasks of vertex 1 run (on /a), and {@code waiting} tasks of its ancestor, vertex 0, wait. */
    private void twentyDescendantsRunningAndWaiting(int waiting) {
      f.startDag(DELAY, chain);
      for (int i = 0; i < 20; i++) {
        running(f, "d" + i, 1, 8, "a" + (1 + i % 3));
      }
      for (int i = 0; i < waiting; i++) {
        f.request("t" + i, 0, 5);
      }
    }

    @Test
    void aRequestWaitingPastTheDeadlinePreemptsEvenWhenHeadroomSaysThereIsRoom() {
      f.startDag(DELAY, chain);
      Container first = running(f, "d1", 1, 8, "a1");
      f.advanceTo(5_000);
      Container second = running(f, "d2", 1, 8, "a2");
      f.request("t0", 0, 5); // a retry of the ancestor, say
      f.advanceTo(29_999);
      f.heartbeat(100 * GB);
      assertThat(f.out.preempted).isEmpty();
      f.advanceTo(35_000);
      f.heartbeat(100 * GB); // headroom can be wrong (TEZ-2834): the deadline alone is enough
      assertThat(f.out.preempted).containsExactly(second.getId()).doesNotContain(first.getId());
    }

    @Test
    void withNoRoomAndNoIdleContainerItPreemptsAtOnce() {
      f.startDag(DELAY, chain);
      Container d1 = running(f, "d1", 1, 8, "a1");
      f.request("t0", 0, 5);
      f.heartbeat(0);
      assertThat(f.out.preempted).containsExactly(d1.getId());
    }

    @Test
    void theVictimsAreDescendantsThatLoseTheLeastWorkNeverTheWaitingVertexsAncestors() {
      f.startDag(DELAY, chain);
      Container ancestor = running(f, "a", 0, 5, "a1");
      f.advanceTo(1_000);
      Container longRunning = running(f, "old", 2, 11, "a2");
      f.advanceTo(9_000);
      Container recent = running(f, "new", 2, 11, "a3");
      f.request("t1", 1, 8);
      f.heartbeat(0);
      assertThat(f.out.preempted).containsExactly(recent.getId());
      assertThat(f.out.preempted).doesNotContain(ancestor.getId(), longRunning.getId());
    }

    @Test
    void aRoundTakesAtMostItsShareAndRoundsComeNoCloserThanTheInterval() {
      twentyDescendantsRunningAndWaiting(6);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(2); // 10% of 20
      f.advanceTo(4_000);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(2); // one round at a time: its kills have not landed
      f.advanceTo(5_000);
      landKills(f);
      f.allocate(f.container("a1", 5)); // the room came back: t0 runs
      f.advanceTo(7_999);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(2); // no storm: the next round is 3 s after the kills landed
      f.advanceTo(8_000);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(3); // 10% of the 19 running now
    }

    @Test
    void aRoundWhoseRoomWentToAnotherApplicationDoublesTheWaitForTheNext() {
      twentyDescendantsRunningAndWaiting(6);
      f.heartbeat(0);
      landKills(f); // landed at 0; YARN gives the AM nothing back
      f.advanceTo(3_000);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(2); // the kills bought nothing: wait twice as long
      f.advanceTo(5_999);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(2);
      f.advanceTo(6_000);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(3); // 10% of the 18 running now
    }

    @Test
    void killsTezNeverGivesBackHoldNoRoundPastTheDeadline() {
      twentyDescendantsRunningAndWaiting(1);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(1);
      f.advanceTo(29_999);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(1);
      f.advanceTo(33_000);
      f.heartbeat(0); // the kill bought nothing by the deadline: the next round waits twice the interval
      assertThat(f.out.preempted).hasSize(1);
      f.advanceTo(36_000);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(2);
    }

    @Test
    void itTakesNoMoreThanTheRoomTheWaitingPriorityNeeds() {
      twentyDescendantsRunningAndWaiting(1);
      f.heartbeat(0);
      assertThat(f.out.preempted).hasSize(1);
    }

    @Test
    void idleContainersThatCannotServeTheWaitingTaskGoBackBeforeAnyTaskIsPreempted() {
      PolicyFixture keep = new PolicyFixture(Map.of("tezext.scheduler.idle.release-ms", "3600000",
          "tezext.scheduler.idle.release-crowded-ms", "3600000"));
      keep.startDag(STRICT, chain);
      Container offRack = running(keep, "x", 2, 11, "b1");
      running(keep, "d1", 1, 8, "b2");
      keep.finish("x"); // idle on rack /b
      keep.request("t0", 0, 5, "a1"); // strict: rack /a only
      keep.advanceTo(40_000);
      keep.heartbeat(0);
      assertThat(keep.out.released).containsExactly(offRack.getId());
      assertThat(keep.out.preempted).isEmpty(); // that freed the room it needs
    }
  }

  @Nested
  class Faults {
    @Test
    void aStrictTaskWhoseNodesAreAllLostTakesAnyNode() {
      f.startDag(STRICT);
      f.request("t1", 0, 5, "a1");
      PendingRequest before = f.policy.request("t1");
      assertThat(before.plan().reaches(LocalityLevel.ANY)).isFalse();
      f.cluster.lost.add("a1");
      f.policy.nodesChanged(f.now);
      assertThat(f.out.withdrawn).contains(before);
      PendingRequest after = f.policy.request("t1");
      assertThat(after.plan().isRelaxed()).isTrue();
      assertThat(f.out.asked).last().isSameAs(after);
    }

    @Test
    void aContainerYarnEndsUnderATaskIsReportedForThatTask() {
      f.startDag(DELAY);
      Container c = running(f, "t0", 0, 5, "a1");
      f.policy.containersCompleted(f.now, List.of(ContainerStatus.newInstance(c.getId(), ContainerState.COMPLETE,
          "lost", ContainerExitStatus.ABORTED)));
      assertThat(f.out.completed).containsExactly("t0");
      assertThat(f.policy.heldContainers()).isZero();
    }

    @Test
    void atShutdownEveryHeldContainerGoesBack() {
      f.startDag(DELAY);
      Container c1 = running(f, "t0", 0, 5, "a1");
      Container c2 = running(f, "t1", 0, 5, "a2");
      f.finish("t0");
      f.policy.shutdown();
      assertThat(f.out.released).containsExactlyInAnyOrder(c1.getId(), c2.getId());
    }
  }

  @Nested
  class VertexOrder {
    /** Two joins as Tez's client numbers them: 0 Map 3 feeds the second join, 1 Map 1 and 2 Map 2 the first. */
    private static final int[][] TWO_JOINS = {{0, 4, 5}, {1, 3, 4, 5}, {2, 3, 4, 5}, {3, 4, 5}, {4, 5}};
    /** Tez's first-attempt priority of a scan (distance 0) in this 6-vertex DAG. */
    private static int scan(int id) {
      return 18 + 3 * id - 1;
    }

    @Test
    void aFreedContainerGoesToTheScanWithTheLongerChainBelowItNotTheLowerTezId() {
      f.startDag(6, Map.of(), TWO_JOINS);
      Container c = running(f, "map2", 2, scan(2), "a1");
      f.request("map3", 0, scan(0));
      f.request("map1", 1, scan(1));
      f.finish("map2");
      assertThat(f.out.assigned).containsEntry("map1", c.getId()).doesNotContainKey("map3");
    }

    @Test
    void withTheCriticalPathOffTezsIdsDecide() {
      f.startDag(6, Map.of("tezext.scheduler.order.critical-path", "false"), TWO_JOINS);
      Container c = running(f, "map2", 2, scan(2), "a1");
      f.request("map3", 0, scan(0));
      f.request("map1", 1, scan(1));
      f.finish("map2");
      assertThat(f.out.assigned).containsEntry("map3", c.getId()).doesNotContainKey("map1");
    }
  }
}
