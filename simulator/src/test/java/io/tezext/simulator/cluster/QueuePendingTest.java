package io.tezext.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.tezext.simulator.engine.EventLoop;

/** A queue's pending memory as the RM's client protocol reports it (QueueStatistics#getPendingMemoryMB). */
class QueuePendingTest {
  private static final AskKey TASK = new AskKey(5, 1024, 1);

  private final EventLoop loop = new EventLoop();
  /** Two nodes of 8 GB, one queue of the whole cluster. */
  private final ResourceManager rm = new ResourceManager(loop,
      ClusterSpec.uniform(1, 2, 8192, 4, List.of(), YarnSettings.DEFAULTS), ClusterObserver.NONE, 1);

  @Test
  void itIsWhatTheQueuesApplicationsStillAskForAndTheAmsNotYetPlaced() {
    RmApp first = rm.submit("first", "default", 1024, 1, c -> { });
    loop.run(() -> first.liveContainers() == 1);
    assertThat(rm.queuePendingMemoryMb("default")).isZero();
    rm.heartbeat(first, List.of(new AskUpdate(TASK, AskUpdate.ANY, 17)), List.of());
    assertThat(rm.queuePendingMemoryMb("default")).isEqualTo(17 * 1024);
    loop.run(() -> loop.now() >= 60_000);
    assertThat(first.liveContainers()).isEqualTo(16); // 15 tasks beside the AM fill the cluster
    assertThat(rm.queuePendingMemoryMb("default")).isEqualTo(2 * 1024);
    rm.submit("second", "default", 2048, 1, c -> { }); // its AM has no room
    assertThat(rm.queuePendingMemoryMb("default")).isEqualTo(4 * 1024);
  }

  @Test
  void anUnknownQueueIsAnErrorNamingTheQueues() {
    assertThatThrownBy(() -> rm.queuePendingMemoryMb("etl"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no queue 'etl'").hasMessageContaining("default");
  }
}
