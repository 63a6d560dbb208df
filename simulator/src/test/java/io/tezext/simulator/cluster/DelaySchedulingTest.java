package io.tezext.simulator.cluster;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.tezext.simulator.engine.EventLoop;

/** The ResourceManager's delay scheduling, counted in missed scheduling opportunities. */
class DelaySchedulingTest {
  private static final AskKey KEY = new AskKey(5, 1024, 1);

  private EventLoop loop;
  private ResourceManager rm;
  private RmApp app;

  @BeforeEach
  void startAppWithItsAm() {
    start(20); // node-locality-delay 40, off-switch after 40 + 20 missed offers (YARN-4189)
  }

  private void start(int rackLocalityAdditionalDelay) {
    // 3 racks x 20 nodes, offered in order node-000-000 ... node-002-019, rotating by one per round.
    YarnSettings d = YarnSettings.DEFAULTS;
    YarnSettings yarn = d.with(YarnSettings.NODE_LOCALITY_DELAY, 40)
        .with(YarnSettings.RACK_LOCALITY_ADDITIONAL_DELAY, rackLocalityAdditionalDelay);
    ClusterSpec spec = ClusterSpec.uniform(3, 20, 4096, 4, List.of(), yarn);
    loop = new EventLoop();
    rm = new ResourceManager(loop, spec, ClusterObserver.NONE, 1);
    app = rm.submit("app", "default", 1024, 1, c -> { });
    loop.run(() -> app.liveContainers() == 1);
  }

  @Test
  void askWithoutLocalityIsGrantedAtTheFirstHeartbeatOneContainerPerNode() {
    rm.heartbeat(app, List.of(new AskUpdate(KEY, AskUpdate.ANY, 2)), List.of());
    List<RmContainer> granted = nextHeartbeat();
    assertThat(granted).hasSize(2);
    assertThat(granted).extracting(RmContainer::host).doesNotHaveDuplicates();
  }

  @Test
  void aNodeGivesOneOffSwitchContainerPerHeartbeatLikeTheCapacityScheduler() {
    start(20);
    for (int r = 0; r < 3; r++) {
      for (int n = 0; n < 20; n++) {
        if (r != 0 || n != 0) {
          rm.loseNode(String.format(java.util.Locale.ROOT, "node-%03d-%03d", r, n));
        }
      }
    }
    // The AM took 1 GB of node-000-000's 4 GB; three more containers fit, one per heartbeat.
    rm.heartbeat(app, List.of(new AskUpdate(KEY, AskUpdate.ANY, 3)), List.of());
    assertThat(nextHeartbeat()).hasSize(1);
    assertThat(nextHeartbeat()).hasSize(1);
    assertThat(nextHeartbeat()).hasSize(1);
  }

  @Test
  void nodeLocalAskWaitsForItsNodeRatherThanTakingAnother() {
    String wanted = "node-001-019"; // the 40th node offered: 39 misses, not yet past the delay
    ask(wanted, "/rack-001", 1);
    assertThat(nextHeartbeat()).singleElement().extracting(RmContainer::host).isEqualTo(wanted);
  }

  @Test
  void afterMoreMissedOpportunitiesThanTheNodeLocalityDelayARackLocalNodeIsAccepted() {
    String gone = "node-000-005";
    ask(gone, "/rack-000", 1);
    rm.loseNode(gone); // its node never heartbeats again
    // The AM's round moved the rotation on by one, so this round offers node-000-001 first and
    // node-000-000 last: by then 59 misses > 40 allow rack-local, and it is on the asked rack.
    assertThat(nextHeartbeat()).singleElement().extracting(RmContainer::host).isEqualTo("node-000-000");
  }

  @Test
  void offSwitchNeedsTheAdditionalDelayOnTopOfTheNodeLocalityDelay() {
    for (int n = 0; n < 20; n++) {
      rm.loseNode(String.format("node-001-%03d", n));
    }
    ask("node-001-005", "/rack-001", 1);
    long asked = loop.now();
    List<RmContainer> granted = nextHeartbeat();
    // 40 live nodes a round: 40 misses in round one, the 61st miss comes in round two.
    assertThat(granted).singleElement().satisfies(c -> {
      assertThat(c.node().rack()).isNotEqualTo("/rack-001");
      assertThat(c.allocatedMs()).isEqualTo(asked + 2_000 - asked % 1_000);
    });
  }

  @Test
  void withTheDefaultDelayAOneContainerAskGoesOffSwitchAfterOneMissLikeTheCapacityScheduler() {
    start(-1); // waits asks x (unique locations - 1) / nodes = 1 x 2/60 opportunities
    ask("node-002-019", "/rack-002", 1);
    assertThat(nextHeartbeat()).singleElement().extracting(RmContainer::host).isEqualTo("node-000-001");
  }

  @Test
  void releasedContainersComeBackAsCompletedInTheSameAllocateResponse() {
    rm.heartbeat(app, List.of(new AskUpdate(KEY, AskUpdate.ANY, 1)), List.of());
    RmContainer c = nextHeartbeat().get(0);
    Exchange release = rm.heartbeat(app, List.of(new AskUpdate(KEY, AskUpdate.ANY, 0)), List.of(c.id()));
    assertThat(release.completed()).containsExactly(c);
    assertThat(c.exit()).isEqualTo(ContainerExit.RELEASED);
    assertThat(rm.node(c.host()).usedMemoryMb()).isZero();
  }

  @Test
  void withAnyClosedALostNodesAskTakesItsRackAndNeverAnotherRack() {
    // As YARN's client files a strict ask naming the node and its rack: the rack relaxes, ANY does not.
    String gone = "node-000-005";
    rm.heartbeat(app, List.of(new AskUpdate(KEY, gone, 1, true), new AskUpdate(KEY, "/rack-000", 1, true),
        new AskUpdate(KEY, AskUpdate.ANY, 1, false)), List.of());
    rm.loseNode(gone);
    assertThat(nextHeartbeat()).singleElement().satisfies(c -> assertThat(c.node().rack()).isEqualTo("/rack-000"));
  }

  @Test
  void withTheRackClosedTooOnlyTheNodeAskedForWillDo() {
    String gone = "node-000-005";
    rm.heartbeat(app, List.of(new AskUpdate(KEY, gone, 1, true), new AskUpdate(KEY, "/rack-000", 1, false),
        new AskUpdate(KEY, AskUpdate.ANY, 1, false)), List.of());
    rm.loseNode(gone);
    assertThat(nextHeartbeat()).isEmpty(); // ten rounds, far past every locality delay
  }

  @Test
  void anAskThatCanNeverUseTheNodeLetsTheApplicationsNextPriorityHaveIt() {
    AskKey strict = new AskKey(2, 1, 1024, 1);
    rm.heartbeat(app, List.of(new AskUpdate(strict, "node-002-019", 1, true),
        new AskUpdate(strict, "/rack-002", 1, false), new AskUpdate(strict, AskUpdate.ANY, 1, false),
        new AskUpdate(KEY, AskUpdate.ANY, 1)), List.of());
    List<RmContainer> granted = nextHeartbeat();
    // The strict ask (priority 2) holds no node but its own; the priority-5 ask takes the first offered.
    assertThat(granted).extracting(RmContainer::priority).contains(5);
    assertThat(granted).filteredOn(c -> c.priority() == 2).allSatisfy(c -> {
      assertThat(c.host()).isEqualTo("node-002-019");
      assertThat(c.requestId()).isEqualTo(1);
    });
  }

  @Test
  void aLostNodeIsReportedToEveryRunningApplicationOnItsNextHeartbeat() {
    rm.loseNode("node-001-003");
    Exchange e = rm.heartbeat(app, List.of(), List.of());
    assertThat(e.lostNodes()).extracting(RmNode::host).containsExactly("node-001-003");
    assertThat(rm.heartbeat(app, List.of(), List.of()).lostNodes()).isEmpty();
  }

  private void ask(String host, String rack, int n) {
    rm.heartbeat(app, List.of(new AskUpdate(KEY, host, n), new AskUpdate(KEY, rack, n),
        new AskUpdate(KEY, AskUpdate.ANY, n)), List.of());
  }

  /** Runs node heartbeat rounds until something is granted; returns it. */
  private List<RmContainer> nextHeartbeat() {
    List<RmContainer> granted = new ArrayList<>();
    for (int round = 0; round < 10 && granted.isEmpty(); round++) {
      long until = loop.now() + 1000;
      loop.at(until, io.tezext.simulator.engine.Phase.AM_HEARTBEAT, () -> { });
      loop.run(() -> loop.now() >= until);
      granted.addAll(rm.heartbeat(app, List.of(), List.of()).allocated());
    }
    return granted;
  }
}
