package io.tezext.scheduler.tez;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.apache.hadoop.yarn.api.records.QueueStatistics;
import org.apache.hadoop.yarn.util.Records;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the AM's queue waits for, less the AM's own asks, polled on an executor. */
class QueueWatchTest {
  private final ScheduledExecutorService executor = mock(ScheduledExecutorService.class);
  private final Deque<Runnable> scheduled = new ArrayDeque<>();
  private final List<Long> told = new ArrayList<>();
  private final List<String> queuesAsked = new ArrayList<>();
  private long queuePendingMb;

  @BeforeEach
  void executor() {
    when(executor.schedule(any(Runnable.class), anyLong(), any(TimeUnit.class))).thenAnswer(i -> {
      scheduled.add(i.getArgument(0));
      return mock(ScheduledFuture.class);
    });
  }

  private QueueWatch watch(Function<String, QueueStatistics> statistics) {
    return new QueueWatch(statistics, executor, 2_000, told::add);
  }

  private QueueStatistics pending(String queue) {
    queuesAsked.add(queue);
    QueueStatistics s = Records.newRecord(QueueStatistics.class);
    s.setPendingMemoryMB(queuePendingMb);
    return s;
  }

  @Test
  void itTellsWhatTheQueueWaitsForLessWhatTheAmHadAskedAtItsLastHeartbeat() {
    QueueWatch watch = watch(this::pending);
    watch.start("etl");
    verify(executor).schedule(any(Runnable.class), eq(2_000L), eq(TimeUnit.MILLISECONDS));
    watch.asked(3_072);
    watch.heartbeat(); // YARN has seen 3 GB of the AM's asks
    watch.withdrawn(2_048); // given containers since: YARN's figure may still count them
    queuePendingMb = 5_120;
    scheduled.poll().run();
    assertThat(queuesAsked).containsExactly("etl");
    assertThat(told).containsExactly(2_048L);
  }

  @Test
  void anAskAddedAfterTheHeartbeatCountsAsTheAmsOwnToo() {
    QueueWatch watch = watch(this::pending);
    watch.start("etl");
    watch.heartbeat();
    watch.asked(1_024); // it may have gone out with that heartbeat
    queuePendingMb = 1_024;
    scheduled.poll().run();
    assertThat(told).containsExactly(0L);
  }

  @Test
  void withdrawnAsksLeaveTheAmsShareAtTheNextHeartbeat() {
    QueueWatch watch = watch(this::pending);
    watch.start("etl");
    watch.asked(2_048);
    watch.withdrawn(1_024);
    watch.heartbeat();
    queuePendingMb = 1_024; // the AM's own ask only
    scheduled.poll().run();
    assertThat(told).containsExactly(0L);
  }

  @Test
  void itPollsAgainUntilStopped() {
    QueueWatch watch = watch(this::pending);
    watch.start("etl");
    scheduled.poll().run();
    scheduled.poll().run();
    assertThat(told).hasSize(2);
    watch.stop();
    scheduled.poll().run();
    assertThat(told).hasSize(2);
    assertThat(scheduled).isEmpty();
  }

  @Test
  void whenTheResourceManagerWillNotSayNobodyCountsAsWaitingAndPollingGoesOn() {
    QueueWatch watch = watch(queue -> {
      throw new IllegalStateException("no credentials for the client protocol");
    });
    watch.start("etl");
    scheduled.poll().run();
    assertThat(told).containsExactly(0L);
    assertThat(scheduled).hasSize(1);
  }

  @Test
  void aSchedulerWithoutQueueStatisticsCountsAsNobodyWaiting() {
    QueueWatch watch = watch(queue -> null);
    watch.start("etl");
    scheduled.poll().run();
    assertThat(told).containsExactly(0L);
  }
}
