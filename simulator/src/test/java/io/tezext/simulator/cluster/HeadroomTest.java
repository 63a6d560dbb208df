package io.tezext.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.engine.EventLoop;

/** The headroom the simulated RM reports, worked out as Hadoop 3.4's CapacityScheduler works it out. */
class HeadroomTest {
  private static final AskKey TASK = new AskKey(5, 1024, 1);

  private EventLoop loop;
  private ResourceManager rm;

  /** Two nodes of 8 GB and 4 vcores; queues as given; the AM of 1 GB placed. */
  private RmApp start(List<QueueSpec> queues, YarnSettings yarn, String queue) {
    loop = new EventLoop();
    rm = new ResourceManager(loop, ClusterSpec.uniform(1, 2, 8192, 4, queues, yarn), ClusterObserver.NONE, 1);
    RmApp app = rm.submit("app-" + queue, queue, 1024, 1, c -> { });
    loop.run(() -> app.liveContainers() == 1);
    return app;
  }

  /** Asks for {@code count} 1 GB containers and runs until they are all granted. */
  private Exchange take(RmApp app, int count) {
    rm.heartbeat(app, List.of(new AskUpdate(TASK, AskUpdate.ANY, count)), List.of());
    loop.run(() -> app.liveContainers() == count + 1);
    return rm.heartbeat(app, List.of(), List.of());
  }

  @Test
  void withTheDefaultCalculatorAQueueBoundHeadroomCarriesOneVcore() {
    // One queue of half the cluster: its guarantee (8 GB) bounds the user; 1 GB AM + 2 GB held.
    RmApp app = start(List.of(new QueueSpec("a", 50, 50), new QueueSpec("b", 50, 50)), YarnSettings.DEFAULTS, "a");
    Exchange e = take(app, 2);
    assertThat(e.headroomMemoryMb()).isEqualTo(8192 - 3072);
    assertThat(e.headroomVcores()).isEqualTo(1);
  }

  @Test
  void withTheDefaultCalculatorAClusterBoundHeadroomCarriesTheClustersFreeVcoresBelowZero() {
    // 8 vcores in all; the AM and 8 tasks hold 9 of them (the default calculator fits by memory
    // alone), so the cluster's free memory (7 GB) is the smaller and comes with -1 vcore.
    RmApp app = start(List.of(), YarnSettings.DEFAULTS, "default");
    Exchange e = take(app, 8);
    assertThat(e.headroomMemoryMb()).isEqualTo(16_384 - 9 * 1024);
    assertThat(e.headroomVcores()).isEqualTo(-1);
  }

  @Test
  void theUserLimitHoldsOneApplicationToItsQueuesGuaranteeTimesTheFactor() {
    // Queue a: 25% guaranteed (4 GB), 100% maximum, user limit factor 1: the AM and 3 tasks fill it,
    // and one task more, since YARN checks what the user holds, not with the new container, against it.
    RmApp app = start(List.of(new QueueSpec("a", 25, 100), new QueueSpec("b", 75, 100)), YarnSettings.DEFAULTS, "a");
    rm.heartbeat(app, List.of(new AskUpdate(TASK, AskUpdate.ANY, 6)), List.of());
    loop.run(() -> loop.now() >= 60_000);
    assertThat(app.liveContainers()).isEqualTo(5);
    assertThat(rm.heartbeat(app, List.of(), List.of()).headroomMemoryMb()).isZero();
  }

  @Test
  void aUserLimitFactorAboveOneLetsAnApplicationGrowPastItsGuarantee() {
    RmApp app = start(List.of(new QueueSpec("a", 25, 100, 2), new QueueSpec("b", 75, 100)), YarnSettings.DEFAULTS,
        "a");
    rm.heartbeat(app, List.of(new AskUpdate(TASK, AskUpdate.ANY, 10)), List.of());
    loop.run(() -> loop.now() >= 60_000);
    assertThat(app.liveContainers()).isEqualTo(9); // 8 GB, twice the guarantee, and one container past it
    // Over its guarantee, the user's limit is what the queue uses plus one minimum allocation, up
    // to the factor's bound, which it has reached: no headroom.
    assertThat(rm.heartbeat(app, List.of(), List.of()).headroomMemoryMb()).isZero();
  }

  @Test
  void withDominantResourcesTheRmSchedulesVcoresAndHeadroomCountsThem() {
    RmApp app = start(List.of(), YarnSettings.DEFAULTS.with(YarnSettings.DOMINANT_RESOURCES, true), "default");
    rm.heartbeat(app, List.of(new AskUpdate(TASK, AskUpdate.ANY, 10)), List.of());
    loop.run(() -> loop.now() >= 60_000);
    assertThat(rm.schedulesVcores()).isTrue();
    assertThat(app.liveContainers()).isEqualTo(8); // 8 vcores: the AM and 7 tasks
    Exchange e = rm.heartbeat(app, List.of(), List.of());
    assertThat(e.headroomVcores()).isZero();
    assertThat(e.headroomMemoryMb()).isEqualTo(8192);
  }

  @Test
  void aHeadroomThatIgnoresTheQueueLimitIsTheClustersFreeMemory() {
    RmApp app = start(List.of(new QueueSpec("a", 50, 50), new QueueSpec("b", 50, 50)),
        YarnSettings.DEFAULTS.with(YarnSettings.HEADROOM_IGNORES_QUEUE_LIMIT, true), "a");
    Exchange e = take(app, 2);
    assertThat(e.headroomMemoryMb()).isEqualTo(16_384 - 3072);
    assertThat(e.headroomVcores()).isEqualTo(8 - 3);
  }
}
